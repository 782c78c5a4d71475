/* nb_grundy.c - Grundy's game as a take-and-break rule. */
#include "games/grundy/nb_grundy.h"

nb_octal_rule nb_grundy_rule(void)
{
    return (nb_octal_rule){.digit = {4}, .mark = {NB_MARK_UNEQUAL}, .last = 0};
}
