/* a world header (the target of the back arrow) */
#include "core/buf.h"
