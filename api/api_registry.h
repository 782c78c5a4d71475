/* api_registry.h - the game types, one row each, in the catalog's order (sum last: its
 * components are of the types above it). A new type is a file api/types/<type>.c and a
 * row here (docs/ADDING-A-GAME.md). Included by api_types.c alone, which defines API_TYPE
 * around it. */
API_TYPE(nim)
API_TYPE(bash)
API_TYPE(subtraction)
API_TYPE(moore)
API_TYPE(staircase)
API_TYPE(coins)
API_TYPE(cutting)
API_TYPE(dag)
API_TYPE(hackenbush)
API_TYPE(coprime)
API_TYPE(octal)
API_TYPE(grundy)
API_TYPE(beans)
API_TYPE(euclid)
API_TYPE(divisor)
API_TYPE(wythoff)
API_TYPE(fibonacci)
API_TYPE(chomp)
API_TYPE(nodekayles)
API_TYPE(sum)
