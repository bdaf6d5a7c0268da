/* a.h and b.h include each other: a circle of files */
#include "b.h"
