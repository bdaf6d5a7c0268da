#include "world/a.h"
