/* core may not use world: the one back arrow of this fixture */
#include "world/world_internal.h"
