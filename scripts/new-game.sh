#!/usr/bin/env bash
# Starts a game type from docs/templates/game/ (docs/ADDING-A-GAME.md): the ruleset
# lib/games/NAME/nb_NAME.{c,h} and the API type api/types/NAME.c, made from the template
# (odd Nim, to be rewritten into the new game), and its row in api/api_registry.h before
# sum's. Usage: scripts/new-game.sh NAME   (NAME: lowercase letters, the type's name)
set -euo pipefail
cd "$(dirname "$0")/.."
name=${1:-}
if [[ ! $name =~ ^[a-z]+$ ]]; then
  echo "usage: scripts/new-game.sh NAME (lowercase letters: the type's name)" >&2
  exit 2
fi
if [ -e "lib/games/$name" ] || grep -qx "API_TYPE($name)" api/api_registry.h; then
  echo "new-game.sh: the type $name exists already" >&2
  exit 1
fi
upper=$(tr a-z A-Z <<<"$name")
from=docs/templates/game
mkdir -p "lib/games/$name"
make_from() { sed -e "s/NB_GAME_H/NB_${upper}_H/g" -e "s/GAME/$name/g" "$from/$1" >"$2"; }
make_from nb_GAME.h "lib/games/$name/nb_$name.h"
make_from nb_GAME.c "lib/games/$name/nb_$name.c"
make_from GAME.c "api/types/$name.c"
sed -i "s/^API_TYPE(sum)$/API_TYPE($name)\n&/" api/api_registry.h
echo "made lib/games/$name/nb_$name.{c,h} and api/types/$name.c from $from (odd Nim), and"
echo "the row API_TYPE($name) in api/api_registry.h: now make them the game's own"
echo "(docs/ADDING-A-GAME.md), then make test"
