// Generated from openapi.yaml by scripts/generate.mjs: do not edit.
export interface paths {
    "/v1/analyze": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Analyse one position, for caches - the game object as JSON in the query.
         * @description Answers exactly what the POST answers for the game given as `game` (the game
         *     object's JSON, URL-encoded), so that a browser or a CDN can keep it: a 200 carries
         *     a strong `ETag` (a hash of the build, its limits and the query) and
         *     `Cache-Control: public, max-age=86400, immutable`; a request whose `If-None-Match`
         *     names that tag is a 304 without a body; a problem carries `Cache-Control:
         *     no-store`. A request line past a connection's memory (`--conn-memory-kb`, 64 KiB)
         *     is a 414: post a large position instead. HEAD answers the head alone.
         */
        get: operations["analyzeGet"];
        put?: never;
        /** Analyse one position. */
        post: operations["analyze"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/analyze/batch": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Analyse several positions; each result is an analysis or a problem, in order. */
        post: operations["analyzeBatch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/play": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * One move for the player to move (a computer opponent).
         * @description A winning move when there is one: where the game may cycle, one that wins for
         *     certain (the soonest win where the remoteness is known, else the least by Smith's
         *     counter function of the generalized SG labelling). In a drawn position a move that
         *     keeps the draw. Otherwise a legal move chosen deterministically:
         *     where the remoteness is known (misère play searched exhaustively, a dag with one
         *     token that can move) the move after which the game lasts longest (`verdict` says
         *     the position was lost); elsewhere the move that leaves the largest SG value among the first 65536
         *     moves in the ruleset's order (a large Nim_k position: its first legal move).
         *     `move` and `position` are null when the player to move has no legal move.
         */
        post: operations["play"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/move": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Make a move - checked against the rules - and get the analysis after it (and the computer's reply).
         * @description The body is a game and a move object as `winning_moves` and `/v1/moves` list them.
         *     The members derived from the others (`leave` where a take leaves heaps one way
         *     only, `tokens`, `removed`, `wins_immediately`) may be left out; given, they must
         *     match; `position`, `changed`, `outcome`, `sg` and `remoteness` are refused. The
         *     answer is the analysis of the position after the move, exactly as `/v1/analyze`
         *     answers it for that position (with the same `max_moves`, `components` and
         *     `positions`), plus `position`: that position, the game object `/v1/moves` gives for
         *     the move. With `reply=S` (a strength) it adds `reply`, exactly what
         *     `/v1/play?strength=S` (with the same `seed`) answers from there; no `reply` when
         *     the position after has no move (the mover won: `verdict` is `lose`). A move of
         *     another shape, with a field out of the game's range, not legal in this position,
         *     or with a derived field that does not match is a 422 `illegal-move`: `detail` says
         *     why, `pointer` names the first field at fault, inside `/move`.
         */
        post: operations["move"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/moves": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every legal move of a position, for caches - the game object as JSON in the query.
         * @description Answers exactly what the POST answers for the game given as `game` (the game
         *     object's JSON, URL-encoded), so that a browser or a CDN can keep it: a 200 carries
         *     a strong `ETag` (a hash of the build, its limits and the query) and
         *     `Cache-Control: public, max-age=86400, immutable`; a request whose `If-None-Match`
         *     names that tag is a 304 without a body; a problem carries `Cache-Control:
         *     no-store`. A request line past a connection's memory (`--conn-memory-kb`, 64 KiB)
         *     is a 414: post a large position instead. HEAD answers the head alone.
         */
        get: operations["movesGet"];
        put?: never;
        /**
         * Every legal move, each with the position it leads to and its outcome.
         * @description Every legal move of the position in the ruleset's fixed order, at most max_moves of
         *     them (`complete` says whether the list holds them all). Each item is a move object
         *     as in `winning_moves`, with its `position`, plus `outcome` for the player who makes
         *     it (`win` when it leaves the opponent a lost position, `lose`, or `draw`), `sg` of
         *     the position it leads to where defined (normal play), and `remoteness` (moves to
         *     the end with best play after it) where the solver knows it (exhaustive search, or a
         *     dag with one token that can move).
         */
        post: operations["moves"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/table": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The SG table of a ruleset.
         * @description A game object whose position fields may be left out, plus `up_to`. `values[i]` is
         *     the SG value of one heap of from + i for i = 0..up_to - from (nim, bash,
         *     subtraction, coprime, octal, grundy; up_to below max_table, from 0 unless given; at most
         *     max_table_page values an answer, so a larger table is read a page at a time).
         *     Normal play only: `"convention":"misere"` is a 400. `period` and `preperiod` are given only when periodicity is proved
         *     (subtraction: a repeated window of max(set) values; bash: k+1 from 0; octal: the
         *     octal periodicity theorem, or an arithmetic period with its `saltus`; never for
         *     grundy), else null; each is the least one.
         *     For cutting, `up_to` is [W,H] and `values[w][h]` is the value of one w×h piece,
         *     null where a side is below 2. For wythoff, `up_to` is [A,B] (each below
         *     max_side) and `values[a][b]` is the value of the pile (a, b). For fibonacci (with its
         *     `k`), `values[i]` is the row of the heap n = from + i: its values with the limits
         *     0..n (n below max_side; at most max_table_page values in all). For dag, `values[v]` is the generalized SG value of
         *     a token at node v (no up_to): a number, or {"loopy":[K...]} for ∞(K). Other types
         *     have no table (400).
         */
        post: operations["table"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/quotient": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The misère quotient of a take-and-break ruleset or of Notakto's boards.
         * @description The commutative monoid of the ruleset's positions up to misère indistinguishability
         *     (Plambeck and Siegel), grown heap by heap and certified before it answers: every
         *     record (element, elements of its options) of every sum of its heaps is checked to
         *     be in the P-portion exactly when it has an option and none in the P-portion.
         *     `status` is `proved` when the pretending function's period is proved by the misère
         *     periodicity theorem (every heap up to 2^63-1 then maps to an element: heap h >=
         *     preperiod to the one of preperiod + (h - preperiod) mod period), else `partial`:
         *     exact for every position whose heaps are all at most `exact_up_to`, `period` and
         *     `preperiod` null, and `stopped_by` naming the limit the growth stopped at
         *     (max_work, max_quotient, budget, memory). Without `up_to` the quotient grows until
         *     its period is proved or a limit stops it; with `up_to` it must cover that heap (422
         *     naming the limit otherwise). `?table=1` adds `table`, the multiplication table over
         *     element ids. `relations` is a complete presentation: every word in the generators
         *     rewrites through them to its element's shortest word, `elements[i].word`.
         *
         *     `{"type":"notakto","size":k}` gives the quotient of every sum of k x k Notakto boards,
         *     whose parts are the live boards up to the symmetries of their lines (the square's
         *     eight for 3 x 3; 32 for 4 x 4, which also reorder the rows and columns; a dead
         *     board is the identity), grown fullest first and certified the same way: `proved`
         *     when it covers every board (3 x 3: order 18, as Plambeck and Whitehead found), else
         *     `partial`, covering `boards_covered` of the `boards` and every board of at least
         *     `covers_from_xs` X's; `generator_boards` are the boards the generators are the
         *     elements of. 5 x 5 boards are too many for one: a 422 says so.
         */
        post: operations["quotient"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/games": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every game type with its fields, limits and a working example. */
        get: operations["catalog"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tables": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The SG tables this process caches and the table store's files, paged.
         * @description With `--table-dir`, SG tables (take-and-break codes, Grundy's game, subtraction
         *     games with a proved period) and misère quotients of take-and-break codes are kept
         *     in files that outlive the process and are shared by every process using the
         *     directory (a quotient read back is certified again before it answers); without it
         *     the list holds the cache alone. The cached tables come first, by key, then the
         *     files, by name.
         */
        get: operations["tables"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/healthz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Liveness. */
        get: operations["healthz"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/readyz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Readiness; 503 while draining after SIGTERM. */
        get: operations["readyz"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/metrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Prometheus metrics.
         * @description nimber_build_info (version, commit); nimber_game_requests_total by game type
         *     (each batch position counted; an unknown type as other);
         *     nimber_http_requests_total and nimber_http_request_duration_seconds (histogram) by
         *     route and status; nimber_cache_hits_total, _misses_total, _evictions_total,
         *     nimber_cache_bytes, _entries, _max_bytes; nimber_worker_queue_depth,
         *     _queue_capacity, nimber_workers_busy, nimber_workers, nimber_requests_in_flight.
         */
        get: operations["metrics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/openapi.yaml": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** This document. */
        get: operations["openapi"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/docs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * This document in Swagger UI, to read and to send requests from.
         * @description Swagger UI 5 (npm's swagger-ui-dist, pinned by web/docs/package-lock.json,
         *     Apache-2.0), served by nimberd from its own files: it loads nothing from other hosts
         *     and runs under `Content-Security-Policy: default-src 'self'; img-src 'self' data:`
         *     (its stylesheet draws its icons from data: URLs).
         */
        get: operations["docs"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/docs/{file}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A file of the API reference's page, or Swagger UI's licence and notice. */
        get: operations["docsFile"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/problems/{kind}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The documentation of a kind of problem (a Problem's `type`). */
        get: operations["problemType"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The web page - play any game type against the server in a browser.
         * @description A single page (no build step, nothing loaded from other hosts: every answer carries `Content-Security-Policy: default-src 'self'`) built on the catalog, /v1/analyze, /v1/moves, /v1/play and /v1/table. `?type=T` opens it on game type T.
         */
        get: operations["page"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/js/{module}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A JavaScript module of the page (main.js loads the rest; boards/<type>.js draws a type's board). */
        get: operations["pageModule"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/nimber.css": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The page's style sheet. */
        get: operations["pageStyle"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/nimber.svg": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The page's icon. */
        get: operations["pageIcon"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /**
         * Format: int64
         * @description A heap, count or number of 0..2^63-1: an int64 field (a JSON number, or in answers to ?int64=string a string of its decimal digits; a request may send either).
         */
        Heap: number | string;
        MoveRequest: {
            game: components["schemas"]["Game"];
            /** @description A move of the game's type as winning_moves lists it (TakeMove, OctalMove..., SumMove), its derived members optional, without position, changed, outcome, sg or remoteness. */
            move: Record<string, never>;
        };
        /**
         * @description Top-level object only. misere - the player who cannot move wins.
         * @default normal
         * @enum {string}
         */
        Convention: "normal" | "misere";
        /**
         * @description How well /v1/play plays. perfect - a winning move whenever there is one. strong and casual - the same, except that one move in 10 (strong) or 2 in 5 (casual), by a draw, is chosen uniformly among the legal moves that do not win. random - a move chosen uniformly among all the legal moves.
         * @enum {string}
         */
        Strength: "perfect" | "strong" | "casual" | "random";
        /**
         * @description For the player to move, with best play. draw - neither side can force a win (a dag with cycles), and play may go on for ever.
         * @enum {string}
         */
        Verdict: "win" | "lose" | "draw";
        /** @description A game object. Unknown members are rejected. */
        Game: components["schemas"]["Nim"] | components["schemas"]["Bash"] | components["schemas"]["Subtraction"] | components["schemas"]["Moore"] | components["schemas"]["Staircase"] | components["schemas"]["Coins"] | components["schemas"]["Cutting"] | components["schemas"]["Dag"] | components["schemas"]["Hackenbush"] | components["schemas"]["Coprime"] | components["schemas"]["Octal"] | components["schemas"]["Grundy"] | components["schemas"]["Beans"] | components["schemas"]["Euclid"] | components["schemas"]["Divisor"] | components["schemas"]["Wythoff"] | components["schemas"]["Fibonacci"] | components["schemas"]["Chomp"] | components["schemas"]["NodeKayles"] | components["schemas"]["Cram"] | components["schemas"]["Notakto"] | components["schemas"]["Sum"];
        /** @description Take any positive number from one heap. */
        Nim: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "nim";
            convention?: components["schemas"]["Convention"];
            /** @description At most max_parts heaps. */
            heaps: components["schemas"]["Heap"][];
        };
        /** @description Take 1..k from one heap. */
        Bash: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "bash";
            convention?: components["schemas"]["Convention"];
            heaps: components["schemas"]["Heap"][];
            /** Format: int64 */
            k: number | string;
        };
        /** @description Take t in set from one heap. Heaps past a proved period are answered through it; past the table with no period, 422 naming max_table. */
        Subtraction: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "subtraction";
            convention?: components["schemas"]["Convention"];
            heaps: components["schemas"]["Heap"][];
            set: number[];
        };
        /** @description Moore's Nim_k: take from 1..k heaps at once. No sg; winning moves by the constructive proof (winning_moves_complete false: at least one when the position wins). */
        Moore: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "moore";
            convention?: components["schemas"]["Convention"];
            heaps: components["schemas"]["Heap"][];
            /** Format: int64 */
            k: number | string;
        };
        /** @description stairs[i-1] coins stand on stair i; move c >= 1 coins from stair i to stair i-1 (stair 0 is the floor). At most 2^63-1 coins in all. */
        Staircase: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "staircase";
            convention?: components["schemas"]["Convention"];
            stairs: components["schemas"]["Heap"][];
        };
        /** @description Coin turning (Winning Ways ch. 14). A row of coins 1..n from the left under one rule: the rightmost coin a move turns goes from H to T, and with it (either face) at most one coin to its left (turtles, the default), exactly one (twins), at most two (mock_turtles), every coin of a run ending at it (ruler), at most four (moebius). Or a grid of equal rows under a pair of rules, the first on columns, the second on rows: a move turns a rule-1 set of columns times a rule-2 set of rows, its south-east corner from H to T (the product game; ["twins","twins"] is Turning Corners). Values: each head's, XORed; a grid's by the Tartan theorem, the nim product of the two rules' values. Moebius sides hold at most 128 coins. */
        Coins: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "coins";
            convention?: components["schemas"]["Convention"];
            /** @description The row, coin 1 first; at most max_parts coins. */
            coins?: string;
            /** @description Instead of coins: the rows, row 1 first, equally long; at most max_parts coins in all. */
            grid?: string[];
            /** @description A rule's name (for a grid, both sides' rule), or for a grid a pair of names, the columns' rule and the rows'. */
            rule?: components["schemas"]["CoinRule"] | components["schemas"]["CoinRule"][];
        } & (unknown | unknown);
        /**
         * @default turtles
         * @enum {string}
         */
        CoinRule: "turtles" | "twins" | "mock_turtles" | "ruler" | "moebius";
        /** @description Cut one piece along a grid line into two; cutting out a 1x1 piece wins at once (POJ 2311). Misère is 422. */
        Cutting: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "cutting";
            convention?: components["schemas"]["Convention"];
            pieces: number[][];
        };
        /** @description Nodes 0..nodes-1; move one token along an edge. Cycles and self-loops are allowed: each node has a generalized SG value (Smith; Fraenkel and Yesha), finite or ∞(K), and a sum of tokens is lost iff every token is finite with XOR 0, won iff every token is finite with XOR not 0 or exactly one is ∞(K) with the others' XOR in K, and drawn otherwise. The labelling of a graph with cycles takes at most (max value + 2) passes over the graph, bounded by max_work (422 naming it). /v1/play wins for certain from a won position (the soonest win with one token, Smith's counter function with more) and keeps a draw from a drawn one. */
        Dag: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "dag";
            convention?: components["schemas"]["Convention"];
            nodes: number;
            edges: number[][];
            tokens: number[];
        };
        /** @description Green Hackenbush on an undirected multigraph (loops and parallel edges allowed): delete one edge; every edge no longer joined to the ground falls. Edges not joined to the ground at the start have already fallen: the analysis lists them in `fallen` and they take no part. The value comes from the fusion and colon principles in near-linear time; winning moves inside cycles are checked by re-solving the cycle's part exactly while max_work allows (past it winning_moves_complete is false). No table. */
        Hackenbush: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "hackenbush";
            convention?: components["schemas"]["Convention"];
            nodes: number;
            edges: number[][];
            /** @default 0 */
            ground?: number;
        };
        /** @description From a heap of x take y >= 1 with gcd(x, y) = 1. The value of a heap is 0 for 0 and for even x, 1 for 1, and pi(p) for odd x >= 3 whose least prime factor is p (pi(3) = 2, pi(5) = 3). A least prime factor above max_prime_count is 422 naming it. Winning moves are listed in increasing order of the heap left, up to max_moves; winning_moves_complete is true only when the list is provably every one. */
        Coprime: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "coprime";
            convention?: components["schemas"]["Convention"];
            heaps: components["schemas"]["Heap"][];
        };
        /** @description Take-and-break game by its code: digit d_j says what taking j counters from one heap may leave: bit 1 no heap, bit 2 one heap, bit 4 two non-empty heaps, bit 8 three (hexadecimal digits A-F, or CGSuite's heap counts in braces: {0,2} is 5; d0 is 0, 4, 8 or C: it splits a heap without taking). One mark may follow any digit and restricts only its moves that leave two heaps or more: '!' pairwise unequal (4!.0 is Grundy's game), '?' not all equal (on two heaps the same as '!'), '=' all equal (4=.0 cuts a heap into halves). A group in brackets at the end repeats for ever (4.[3] is Lasker's Nim, 0.[3] Nim, 0.0[3] an all-but subtraction game). Kayles is 0.77, Dawson's Kayles 0.07, Dawson's chess 0.137. Values come from a cached table computed by the sparse-space method (by the general method for three-heap splits, marks and repeating groups); a heap past the table is answered through the period when the periodicity theorem (Guy-Smith, for finite codes without marked splits) proves one, or through an arithmetic period g(n + p) = g(n) + s when a theorem proves it for a code with a group (method arithmetic-period: g(n) = n where every digit past d0 has bits 1 and 2, Lasker's Nim, and codes that never split by a certificate of their states); else 422 naming max_table, max_work (the pair tests one request spends searching for a period), the request's budget (max_request_seconds, max_request_mb) when the table could not grow that far within it (the values grown are kept, so the same request goes on from them), or, for a code with a group, that no arithmetic periodicity is proved. Winning moves of a heap past the proved preperiod list one split per value class, and those of a heap past the table of a code with a group its splits with a small first part (winning_moves_complete false when some may be left out). */
        Octal: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "octal";
            convention?: components["schemas"]["Convention"];
            /**
             * @description d0 (0 when left out, as in .137), then a point, then 1 to 32 digits (hex, or heap counts in braces), each maybe followed by one mark (!, ? or =); the last ones may be a group in brackets. The answers name it in its canonical form (hex digits, marks only where a digit splits).
             * @example 0.77
             * @example 0.07
             * @example .137
             * @example 4.07
             * @example 0.F
             * @example 4!.0
             * @example 4?.0
             * @example 4=.0
             * @example 0.{0,2}
             * @example 4.[3]
             * @example 0.0[3]
             */
            code: string;
            heaps: components["schemas"]["Heap"][];
        };
        /** @description Grundy's game: split one heap into two unequal non-empty heaps. No period is proved (the periodicity theorem does not cover unequal splits): values come from the table only, and a heap of max_table or more is 422 naming it. */
        Grundy: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "grundy";
            convention?: components["schemas"]["Convention"];
            heaps: components["schemas"]["Heap"][];
        };
        /** @description The splitting game (HNOI 2007): take one bean from a non-empty bottle i and put one into each of bottles j and k, i < j <= k. A bean with d bottles to its right is worth the d-th odious number (proved in the code), so the value is the XOR of those of the bottles holding an odd count. Winning moves are listed while max_work allows. */
        Beans: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "beans";
            convention?: components["schemas"]["Convention"];
            bottles: components["schemas"]["Heap"][];
        };
        /** @description Euclid's game (Cole and Davie; POJ 2348) on each pair: subtract a positive multiple of the smaller number from the larger, leaving it >= 0; a pair holding a 0 has no move, and a pair of equal numbers may be emptied on either side. Several pairs make a sum. A pair's value comes from its continued fraction in O(log) steps (the proof is in lib/games/euclid/nb_euclid.c); under misère play one pair is decided by the same chain, and a sum of pairs by an exhaustive search within max_states. */
        Euclid: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "euclid";
            convention?: components["schemas"]["Convention"];
            /** @description At most max_parts pairs. */
            pairs: components["schemas"]["Heap"][][];
        };
        /** @description The divisor games on numbers n >= 1: rule replace, replace n by a proper divisor of n (its value is Omega(n), the prime factors counted with multiplicity); rule subtract, subtract from n a divisor d < n (its value is the 2-adic valuation of n). 1 has no move. Several numbers make a sum. Both closed forms are proved in lib/games/divisor/nb_divisor.c; numbers are factored by Miller-Rabin and Pollard's rho. Under misère play replace is decided by Conway's tame theory (each number is the Nim heap Omega(n)), subtract for one number by its closed form (lost at 2 and the odd numbers from 5), and a sum of subtract numbers by an exhaustive search within max_states. */
        Divisor: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "divisor";
            convention?: components["schemas"]["Convention"];
            /** @enum {string} */
            rule: "replace" | "subtract";
            /** @description At most max_parts numbers. */
            numbers: (number | string)[];
        };
        /** @description Wythoff's game on each pile: take any positive number from one side, or the same positive number from both. Several piles make a sum. One pile alone is decided at any size by its P-positions (floor(k phi), floor(k phi^2)), computed in exact integer arithmetic, with every winning move; its `sg` is given when the pile is lost (0) or below max_side (from the table), else left out. A sum of piles takes the piles' values from Wythoff's SG table, every number below max_side (else 422). Under misère play one pile is decided by its P-positions ((0,1), (1,0), (2,2), then the normal ones), a sum of piles by an exhaustive search within max_states. */
        Wythoff: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "wythoff";
            convention?: components["schemas"]["Convention"];
            /** @description At most max_parts piles. */
            piles: components["schemas"]["Heap"][][];
        };
        /** @description Dynamic subtraction: from a heap take t with 1 <= t <= its limit; that heap's limit becomes k t (k = 2: Fibonacci Nim). Several heaps make a sum, each with its own limit. One heap alone is decided at any size by the representation of n in the sequence H of k (Whinihan 1963 for k = 2: Zeckendorf's; Schwenk 1970): lost exactly when its smallest term exceeds the limit; every winning move is listed. Its `sg` is given when the heap is lost (0) or below max_side (from the table), else left out. A sum of heaps takes their values from the table of every heap below max_side with every limit (else 422). Misère play is an exhaustive search within max_states. */
        Fibonacci: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "fibonacci";
            convention?: components["schemas"]["Convention"];
            /** @description At most max_parts heaps. */
            heaps: components["schemas"]["Heap"][];
            /** @description One per heap: the most the next move from it may take, or null for a heap not yet taken from (any amount but the whole heap). Absent: every heap null. A move's position gives the new limits. */
            limits?: (components["schemas"]["Heap"] | null)[];
            /**
             * Format: int64
             * @description The multiplier: a take of t sets the limit to k t.
             * @default 2
             */
            k?: number | string;
        };
        /** @description Chomp (Gale 1974): a chocolate bar as a Young diagram; pick a cell (r, c) other than the poisoned (0, 0), and every cell (r', c') with r' >= r and c' >= c goes; the player left with the poisoned cell alone cannot move. Valued from a table of every diagram inside the position's (within max_table diagrams and max_side rows and columns), under misère play too; a single row or column is a Nim heap at any size. */
        Chomp: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "chomp";
            convention?: components["schemas"]["Convention"];
            /** @description Row lengths, non-increasing ([5,5,5] is a 3x5 bar). */
            rows: number[];
        };
        /** @description Node-Kayles: pick a vertex not gone; it and its neighbours go. Valued by connected components: single vertices and complete graphs are *1, paths Dawson's chess (0.137, OEIS A002187) at any length, cycles their one option's path; any other component of at most 64 vertices is searched within max_states sets (else 422). */
        NodeKayles: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "nodekayles";
            convention?: components["schemas"]["Convention"];
            /** @description Vertices 0..nodes-1; at most max_nodes. */
            nodes: number;
            /** @description A simple undirected graph: no loops, no edge twice; at most max_edges. */
            edges: number[][];
            /** @description Vertices already taken, ascending. */
            gone?: number[];
        };
        /** @description Cram (impartial Domineering): place a domino on two orthogonally adjacent empty cells. Valued by its regions (orthogonally connected empty cells, a disjunctive sum, listed as components in the order of their first cells): a straight line of n cells is Dawson's Kayles (0.07) at any length; a region a half turn maps onto itself with no cell on or beside its own image is 0 (the mirror strategy: every even x even board); any other region whose bounding box holds at most 64 cells is searched, memoised by its form under the square's symmetries, within max_states regions (else 422). Misère play by search of the whole board. */
        Cram: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "cram";
            convention?: components["schemas"]["Convention"];
            /** @description Equal-length rows of '.' (empty) and '#' (filled); at most max_side rows and max_side cells a row. */
            board: string[];
        };
        /** @description Notakto (X-only tic-tac-toe): both players put X's on empty cells of live boards; a board holding a line of k X's (a whole row, column or corner-to-corner diagonal) is dead and stays in `boards` in its place. Misère play is this type's default (`convention` left out): whoever completes a line on the last live board, so makes the last move, loses; `normal` gives the other game. Every board of every size is solved in one table a size (its normal-play value, its misère outcome alone); a misère sum goes through the quotient of the boards' size (3 x 3: order 18, every board; 4 x 4: the boards it covers) and otherwise, with several live boards, through a search within max_states. */
        Notakto: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "notakto";
            convention?: components["schemas"]["Convention"];
            /** @description Each board's k x k cells row by row, '.' empty or 'X'; every board 3 x 3, 4 x 4 or 5 x 5 alike (9, 16 or 25 characters); at most max_parts boards. */
            boards: string[];
        };
        /** @description A sum of games. rule disjunctive (the default): move in exactly one component; a cutting component's 1x1 cut ends the whole game. rule every (Every-SG, HDU 3595): move in every component that still has a move; the analysis gives each component's steps (the length of its play, its winner stretching it and its loser shortening it: a closed form for one Nim or Bash heap or one Euclid pair, else a search within max_states) and the player to move wins when the largest is odd; no sg; cutting components and cycles are 422. Components are not sums and carry no convention. */
        Sum: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "sum";
            convention?: components["schemas"]["Convention"];
            /**
             * @default disjunctive
             * @enum {string}
             */
            rule?: "disjunctive" | "every";
            components: components["schemas"]["Game"][];
        };
        /** @description A part's value: {"sg": n}; for a dag token on a node of infinite generalized SG value ∞(K), {"sg": null, "loopy": K}, K the finite values among its followers' (ascending); for a component of an Every-SG sum, {"steps": n}; {} where the part has no value to give. Each value says how it was found (`method`). */
        Component: {
            /** Format: int64 */
            sg?: number | string | null;
            steps?: components["schemas"]["Heap"];
            loopy?: components["schemas"]["Heap"][];
            method?: components["schemas"]["Method"];
        };
        /**
         * @description How a verdict or a part's value was decided: sg-theorem (the values of independent parts, XORed), closed-form (a formula proved for the ruleset), period (a table and its proved period), table (a table of values), misere-nim (Bouton's misère Nim), genus (Conway's theory of tame games), misere-quotient, retrograde (a graph with cycles), search (an exhaustive search of the position), arithmetic-period (a table and its proved arithmetic period g(n + p) = g(n) + s). The catalog lists the methods each type may give.
         * @enum {string}
         */
        Method: "sg-theorem" | "closed-form" | "period" | "table" | "misere-nim" | "genus" | "misere-quotient" | "retrograde" | "search" | "arithmetic-period";
        /** @description What a move changes (positions=changed): the game's position members after it (fibonacci: heaps and limits; nodekayles: edges and gone), the edges hackenbush removes, a sum's component and what changes in it, or an Every-SG sum's components. */
        PositionChange: {
            heaps?: components["schemas"]["Heap"][];
            stairs?: components["schemas"]["Heap"][];
            bottles?: components["schemas"]["Heap"][];
            tokens?: number[];
            coins?: string;
            grid?: string[];
            board?: string[];
            boards?: string[];
            rows?: number[];
            edges?: number[][];
            gone?: number[];
            /** @description An Every-SG sum: every component after the move. */
            components?: components["schemas"]["Game"][];
            pieces?: number[][];
            pairs?: components["schemas"]["Heap"][][];
            numbers?: components["schemas"]["Heap"][];
            piles?: components["schemas"]["Heap"][][];
            limits?: (components["schemas"]["Heap"] | null)[];
            removed?: number[];
            component?: number;
            changed?: components["schemas"]["PositionChange"];
        };
        /** @description The move of a sum's component, in that component's shape (a sum holds no sums). */
        ComponentMove: components["schemas"]["TakeMove"] | components["schemas"]["OctalMove"] | components["schemas"]["GrundyMove"] | components["schemas"]["BeansMove"] | components["schemas"]["EuclidMove"] | components["schemas"]["DivisorMove"] | components["schemas"]["WythoffMove"] | components["schemas"]["MooreMove"] | components["schemas"]["StaircaseMove"] | components["schemas"]["CoinsMove"] | components["schemas"]["CuttingMove"] | components["schemas"]["DagMove"] | components["schemas"]["HackenbushMove"] | components["schemas"]["ChompMove"] | components["schemas"]["NodeKaylesMove"] | components["schemas"]["CramMove"] | components["schemas"]["NotaktoMove"];
        /** @description nim, bash, subtraction, coprime, fibonacci: take `take` counters from heap `heap`. */
        TakeMove: {
            /** @description 0-based index into heaps. */
            heap: number;
            take: components["schemas"]["Heap"];
            position?: components["schemas"]["Game"];
            changed?: components["schemas"]["PositionChange"];
        };
        /** @description octal: take `take` from heap `heap` and leave `leave` in its place ([], [a], [a, b] or [a, b, c], ascending). */
        OctalMove: {
            heap: number;
            take: components["schemas"]["Heap"];
            leave: components["schemas"]["Heap"][];
            position?: components["schemas"]["Game"];
            changed?: components["schemas"]["PositionChange"];
        };
        /** @description grundy: split heap `heap` into the two unequal heaps `split` ([a, b], a < b). */
        GrundyMove: {
            heap: number;
            split: components["schemas"]["Heap"][];
            position?: components["schemas"]["Game"];
            changed?: components["schemas"]["PositionChange"];
        };
        /** @description beans: take a bean from bottle `bottle` and put one into each of bottles `into` ([j, k], bottle < j <= k). */
        BeansMove: {
            bottle: number;
            into: number[];
            position?: components["schemas"]["Game"];
            changed?: components["schemas"]["PositionChange"];
        };
        /** @description moore: take from 1..k heaps at once, `take` from each `heap` listed. */
        MooreMove: {
            takes: {
                heap: number;
                take: components["schemas"]["Heap"];
            }[];
            position?: components["schemas"]["Game"];
            changed?: components["schemas"]["PositionChange"];
        };
        /** @description staircase: move `count` coins from stair `stair` (1-based) down one stair. */
        StaircaseMove: {
            stair: number;
            count: components["schemas"]["Heap"];
            position?: components["schemas"]["Game"];
            changed?: components["schemas"]["PositionChange"];
        };
        /** @description euclid: pair `pair` becomes `to` (in the request's order: the larger number less a multiple of the smaller). */
        EuclidMove: {
            pair: number;
            to: components["schemas"]["Heap"][];
            position?: components["schemas"]["Game"];
            changed?: components["schemas"]["PositionChange"];
        };
        /** @description divisor: number `number` (0-based) becomes `to`: a proper divisor of it (replace), or it less a divisor of it (subtract). */
        DivisorMove: {
            number: number;
            to: components["schemas"]["Heap"];
            position?: components["schemas"]["Game"];
            changed?: components["schemas"]["PositionChange"];
        };
        /** @description wythoff: from pile `pile` take `take` = [x, y]: x from its first number, y from its second (x = y on a diagonal move). */
        WythoffMove: {
            pile: number;
            take: components["schemas"]["Heap"][];
            position?: components["schemas"]["Game"];
            changed?: components["schemas"]["PositionChange"];
        };
        /** @description coins: turn the coins `flip`, ascending: coin numbers (1-based) in a row, its rightmost from heads to tails; [row, column] pairs (1-based) in a grid, row by row, its last (the south-east corner) from heads to tails. */
        CoinsMove: {
            flip: number[] | number[][];
            position?: components["schemas"]["Game"];
            changed?: components["schemas"]["PositionChange"];
        };
        /** @description chomp: pick cell `cell` = [row, column] (0-based); it and every cell right of it and below it go. */
        ChompMove: {
            cell: number[];
            position?: components["schemas"]["Game"];
            changed?: components["schemas"]["PositionChange"];
        };
        /** @description nodekayles: pick vertex `node`; `removed` is it and its neighbours still standing, ascending. Its position keeps nodes, grows gone by removed and drops the edges touching them. */
        NodeKaylesMove: {
            node: number;
            removed: number[];
            position?: components["schemas"]["Game"];
            changed?: components["schemas"]["PositionChange"];
        };
        /** @description cram: a domino on `cells` [[r1,c1],[r2,c2]] (0-based row and column, two orthogonally adjacent empty cells; the first the upper or the left one). Its position is the board with both filled. */
        CramMove: {
            cells: number[][];
            position?: components["schemas"]["Game"];
            changed?: components["schemas"]["PositionChange"];
        };
        /** @description notakto: an X on cell `cell` (0-based, row by row) of board `board` (its index in `boards`), a live board's empty cell. Its position has that cell taken. */
        NotaktoMove: {
            board: number;
            cell: number;
            position?: components["schemas"]["Game"];
            changed?: components["schemas"]["PositionChange"];
        };
        /** @description cutting: cut piece `piece`; vertical splits its width into `at` and w-at, horizontal its height; `wins_immediately` when a 1x1 piece is cut out. */
        CuttingMove: {
            piece: number;
            /** @enum {string} */
            cut: "vertical" | "horizontal";
            at: number;
            wins_immediately: boolean;
            position?: components["schemas"]["Game"];
            changed?: components["schemas"]["PositionChange"];
        };
        /** @description dag: token `token` moves from node `from` to node `to`; `tokens` are all the tokens after. */
        DagMove: {
            token: number;
            from: number;
            to: number;
            tokens: number[];
            position?: components["schemas"]["Game"];
            changed?: components["schemas"]["PositionChange"];
        };
        /** @description hackenbush: delete edge `edge` (0-based, into the request's edges); `removed` is every edge that falls, ascending, the deleted one included. Its position holds the remaining edges in their old order, renumbered. */
        HackenbushMove: {
            edge: number;
            removed: number[];
            position?: components["schemas"]["Game"];
            changed?: components["schemas"]["PositionChange"];
        };
        /** @description sum: the move `move` of component `component` (0-based), in that component's own shape; under rule every, `moves`: the move of every component that has one. */
        SumMove: {
            component: number;
            move: components["schemas"]["ComponentMove"];
            position?: components["schemas"]["Game"];
            changed?: components["schemas"]["PositionChange"];
        } | {
            moves: components["schemas"]["EveryPart"][];
            position?: components["schemas"]["Game"];
            changed?: components["schemas"]["PositionChange"];
        };
        /** @description One component's move inside an Every-SG move. */
        EveryPart: {
            component: number;
            move: components["schemas"]["ComponentMove"];
        };
        Quotient: components["schemas"]["HeapQuotient"] | components["schemas"]["NotaktoQuotient"];
        NotaktoQuotient: {
            /** @constant */
            type: "notakto";
            size: number;
            /** @enum {string} */
            status: "proved" | "partial";
            order: components["schemas"]["HeapQuotient"]["order"];
            p_size: components["schemas"]["HeapQuotient"]["p_size"];
            tame: components["schemas"]["HeapQuotient"]["tame"];
            generators: components["schemas"]["HeapQuotient"]["generators"];
            /** @description The board each generator is the element of. */
            generator_boards: string[];
            relations: components["schemas"]["HeapQuotient"]["relations"];
            elements: components["schemas"]["HeapQuotient"]["elements"];
            /** @description Live boards of this size up to the symmetries of the square (the quotient's parts). */
            boards: number;
            /** @description Of them, those the quotient was grown and certified over (every one when proved). */
            boards_covered: number;
            /** @description Every board with at least this many X's is covered (0 when proved). */
            covers_from_xs: number;
            stopped_by?: components["schemas"]["HeapQuotient"]["stopped_by"];
            table?: components["schemas"]["HeapQuotient"]["table"];
        };
        HeapQuotient: {
            /** @enum {string} */
            type: "octal" | "grundy";
            /** @description octal: the canonical code. */
            code?: string;
            /** @enum {string} */
            status: "proved" | "partial";
            /** @description Elements of the quotient. */
            order: number;
            /** @description Elements of its P-portion. */
            p_size: number;
            /** @description Whether it is the quotient of a tame game (that of misère Nim on heaps of nim values below 2^n, order 2^n + 2, or order 2). */
            tame: boolean;
            /** @description Letters a, b, c, ... (g26, g27, ... past z). */
            generators: string[];
            /** @description The heap each generator is the element of. */
            generator_heaps: number[];
            /** @description Equations between words, "bc=ab". */
            relations: string[];
            elements: {
                id: number;
                /** @description A shortest word of the element, "1" for the identity. */
                word: string;
                /** @description Whether the element is in the P-portion (its positions are lost for the player to move). */
                p: boolean;
            }[];
            pretending: {
                /** @description The element id of each heap 0..exact_up_to. */
                values: number[];
                preperiod: number | null;
                period: number | null;
            };
            /**
             * Format: int64
             * @description The largest heap whose positions the quotient was grown and certified over (2^63-1 when proved).
             */
            exact_up_to: number | string;
            /**
             * @description partial: the limit the growth stopped at.
             * @enum {string}
             */
            stopped_by?: "max_work" | "max_quotient" | "budget" | "memory";
            /** @description ?table=1: table[x][y] is the id of x y. */
            table?: number[][];
        };
        /** @description The analysis of one position; `type` (the game's) says the shape of its moves. */
        Analysis: components["schemas"]["NimAnalysis"] | components["schemas"]["BashAnalysis"] | components["schemas"]["SubtractionAnalysis"] | components["schemas"]["MooreAnalysis"] | components["schemas"]["StaircaseAnalysis"] | components["schemas"]["CoinsAnalysis"] | components["schemas"]["CuttingAnalysis"] | components["schemas"]["DagAnalysis"] | components["schemas"]["HackenbushAnalysis"] | components["schemas"]["CoprimeAnalysis"] | components["schemas"]["OctalAnalysis"] | components["schemas"]["GrundyAnalysis"] | components["schemas"]["BeansAnalysis"] | components["schemas"]["EuclidAnalysis"] | components["schemas"]["DivisorAnalysis"] | components["schemas"]["WythoffAnalysis"] | components["schemas"]["FibonacciAnalysis"] | components["schemas"]["ChompAnalysis"] | components["schemas"]["NodeKaylesAnalysis"] | components["schemas"]["CramAnalysis"] | components["schemas"]["NotaktoAnalysis"] | components["schemas"]["SumAnalysis"];
        /** @description What every analysis has. `winning_moves` (every type's analysis gives their shape) lists the moves that win; `drawing_moves`, in a drawn position (verdict draw) only, the moves after which the game is still drawn. In every move, stairs and coins are numbered from 1, as the seed notes number them; every other index counts from 0. In analyze and moves every move also has `position`, the whole game object after it, ready to post back (play gives it beside the move instead). */
        AnalysisCommon: {
            type: string;
            /** @description POST /v1/move only: the position the analysis is of, the game after the move. */
            position?: components["schemas"]["Game"];
            /** @description POST /v1/move with reply only: the computer's move from that position, as /v1/play answers it. */
            reply?: components["schemas"]["PlayAnswer"];
            convention: components["schemas"]["Convention"];
            verdict: components["schemas"]["Verdict"];
            method: components["schemas"]["Method"];
            /** @description Given where every part has a finite value (normal play). */
            sg?: components["schemas"]["Heap"];
            /** @description Moves to the end with best play (the winner hurries, the loser delays), where known: misère positions solved by search (not those a misère rule decides), a dag with one token that can move. Absent for a draw. */
            remoteness?: number;
            /** @description One per independent part (heaps, dag tokens, cutting pieces, a sum's components), in request order, at most the query's components; left out under misère play, where a part has no value to give. */
            components?: components["schemas"]["Component"][];
            /**
             * @description Present (false) only when the query parameter components cut the list.
             * @constant
             */
            components_complete?: false;
            /** @description hackenbush: the edges not joined to the ground to begin with. */
            fallen?: number[];
            /** @description A misère analysis decided through a misère quotient (method misere-quotient) */
            misere?: {
                /** @description The position's element of the quotient, a word in its generators ("1", "a", "ab^2") */
                element: string;
            };
            winning_moves_complete: boolean;
            /** @description Whether drawing_moves holds every such move (max_moves and max_work bound it). */
            drawing_moves_complete?: boolean;
        };
        NimAnalysis: components["schemas"]["AnalysisCommon"] & {
            /** @constant */
            type?: "nim";
            winning_moves: components["schemas"]["TakeMove"][];
            drawing_moves?: components["schemas"]["TakeMove"][];
        } & {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "nim";
        };
        BashAnalysis: components["schemas"]["AnalysisCommon"] & {
            /** @constant */
            type?: "bash";
            winning_moves: components["schemas"]["TakeMove"][];
            drawing_moves?: components["schemas"]["TakeMove"][];
        } & {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "bash";
        };
        SubtractionAnalysis: components["schemas"]["AnalysisCommon"] & {
            /** @constant */
            type?: "subtraction";
            winning_moves: components["schemas"]["TakeMove"][];
            drawing_moves?: components["schemas"]["TakeMove"][];
        } & {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "subtraction";
        };
        MooreAnalysis: components["schemas"]["AnalysisCommon"] & {
            /** @constant */
            type?: "moore";
            winning_moves: components["schemas"]["MooreMove"][];
            drawing_moves?: components["schemas"]["MooreMove"][];
        } & {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "moore";
        };
        StaircaseAnalysis: components["schemas"]["AnalysisCommon"] & {
            /** @constant */
            type?: "staircase";
            winning_moves: components["schemas"]["StaircaseMove"][];
            drawing_moves?: components["schemas"]["StaircaseMove"][];
        } & {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "staircase";
        };
        EuclidAnalysis: components["schemas"]["AnalysisCommon"] & {
            /** @constant */
            type?: "euclid";
            winning_moves: components["schemas"]["EuclidMove"][];
            drawing_moves?: components["schemas"]["EuclidMove"][];
        } & {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "euclid";
        };
        DivisorAnalysis: components["schemas"]["AnalysisCommon"] & {
            /** @constant */
            type?: "divisor";
            winning_moves: components["schemas"]["DivisorMove"][];
            drawing_moves?: components["schemas"]["DivisorMove"][];
        } & {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "divisor";
        };
        WythoffAnalysis: components["schemas"]["AnalysisCommon"] & {
            /** @constant */
            type?: "wythoff";
            winning_moves: components["schemas"]["WythoffMove"][];
            drawing_moves?: components["schemas"]["WythoffMove"][];
        } & {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "wythoff";
        };
        FibonacciAnalysis: components["schemas"]["AnalysisCommon"] & {
            /** @constant */
            type?: "fibonacci";
            winning_moves: components["schemas"]["TakeMove"][];
            drawing_moves?: components["schemas"]["TakeMove"][];
        } & {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "fibonacci";
        };
        CoinsAnalysis: components["schemas"]["AnalysisCommon"] & {
            /** @constant */
            type?: "coins";
            winning_moves: components["schemas"]["CoinsMove"][];
            drawing_moves?: components["schemas"]["CoinsMove"][];
        } & {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "coins";
        };
        CuttingAnalysis: components["schemas"]["AnalysisCommon"] & {
            /** @constant */
            type?: "cutting";
            winning_moves: components["schemas"]["CuttingMove"][];
            drawing_moves?: components["schemas"]["CuttingMove"][];
        } & {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "cutting";
        };
        DagAnalysis: components["schemas"]["AnalysisCommon"] & {
            /** @constant */
            type?: "dag";
            winning_moves: components["schemas"]["DagMove"][];
            drawing_moves?: components["schemas"]["DagMove"][];
        } & {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "dag";
        };
        HackenbushAnalysis: components["schemas"]["AnalysisCommon"] & {
            /** @constant */
            type?: "hackenbush";
            winning_moves: components["schemas"]["HackenbushMove"][];
            drawing_moves?: components["schemas"]["HackenbushMove"][];
        } & {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "hackenbush";
        };
        CoprimeAnalysis: components["schemas"]["AnalysisCommon"] & {
            /** @constant */
            type?: "coprime";
            winning_moves: components["schemas"]["TakeMove"][];
            drawing_moves?: components["schemas"]["TakeMove"][];
        } & {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "coprime";
        };
        OctalAnalysis: components["schemas"]["AnalysisCommon"] & {
            /** @constant */
            type?: "octal";
            winning_moves: components["schemas"]["OctalMove"][];
            drawing_moves?: components["schemas"]["OctalMove"][];
        } & {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "octal";
        };
        GrundyAnalysis: components["schemas"]["AnalysisCommon"] & {
            /** @constant */
            type?: "grundy";
            winning_moves: components["schemas"]["GrundyMove"][];
            drawing_moves?: components["schemas"]["GrundyMove"][];
        } & {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "grundy";
        };
        BeansAnalysis: components["schemas"]["AnalysisCommon"] & {
            /** @constant */
            type?: "beans";
            winning_moves: components["schemas"]["BeansMove"][];
            drawing_moves?: components["schemas"]["BeansMove"][];
        } & {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "beans";
        };
        ChompAnalysis: components["schemas"]["AnalysisCommon"] & {
            /** @constant */
            type?: "chomp";
            winning_moves: components["schemas"]["ChompMove"][];
            drawing_moves?: components["schemas"]["ChompMove"][];
        } & {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "chomp";
        };
        NodeKaylesAnalysis: components["schemas"]["AnalysisCommon"] & {
            /** @constant */
            type?: "nodekayles";
            winning_moves: components["schemas"]["NodeKaylesMove"][];
            drawing_moves?: components["schemas"]["NodeKaylesMove"][];
        } & {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "nodekayles";
        };
        CramAnalysis: components["schemas"]["AnalysisCommon"] & {
            /** @constant */
            type?: "cram";
            winning_moves: components["schemas"]["CramMove"][];
            drawing_moves?: components["schemas"]["CramMove"][];
        } & {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "cram";
        };
        NotaktoAnalysis: components["schemas"]["AnalysisCommon"] & {
            /** @constant */
            type?: "notakto";
            winning_moves: components["schemas"]["NotaktoMove"][];
            drawing_moves?: components["schemas"]["NotaktoMove"][];
        } & {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "notakto";
        };
        SumAnalysis: components["schemas"]["AnalysisCommon"] & {
            /** @constant */
            type?: "sum";
            winning_moves: components["schemas"]["SumMove"][];
            drawing_moves?: components["schemas"]["SumMove"][];
        } & {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "sum";
        };
        /** @description The move to play and the position after it; `type` says the move's shape. */
        PlayAnswer: components["schemas"]["NimPlay"] | components["schemas"]["BashPlay"] | components["schemas"]["SubtractionPlay"] | components["schemas"]["MoorePlay"] | components["schemas"]["StaircasePlay"] | components["schemas"]["CoinsPlay"] | components["schemas"]["CuttingPlay"] | components["schemas"]["DagPlay"] | components["schemas"]["HackenbushPlay"] | components["schemas"]["CoprimePlay"] | components["schemas"]["OctalPlay"] | components["schemas"]["GrundyPlay"] | components["schemas"]["BeansPlay"] | components["schemas"]["EuclidPlay"] | components["schemas"]["DivisorPlay"] | components["schemas"]["WythoffPlay"] | components["schemas"]["FibonacciPlay"] | components["schemas"]["ChompPlay"] | components["schemas"]["NodeKaylesPlay"] | components["schemas"]["CramPlay"] | components["schemas"]["NotaktoPlay"] | components["schemas"]["SumPlay"];
        NimPlay: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "nim";
            verdict: components["schemas"]["Verdict"];
            strength: components["schemas"]["Strength"];
            move: components["schemas"]["TakeMove"] | null;
            position?: components["schemas"]["Game"] | null;
            changed?: components["schemas"]["PositionChange"] | null;
        };
        BashPlay: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "bash";
            verdict: components["schemas"]["Verdict"];
            strength: components["schemas"]["Strength"];
            move: components["schemas"]["TakeMove"] | null;
            position?: components["schemas"]["Game"] | null;
            changed?: components["schemas"]["PositionChange"] | null;
        };
        SubtractionPlay: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "subtraction";
            verdict: components["schemas"]["Verdict"];
            strength: components["schemas"]["Strength"];
            move: components["schemas"]["TakeMove"] | null;
            position?: components["schemas"]["Game"] | null;
            changed?: components["schemas"]["PositionChange"] | null;
        };
        MoorePlay: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "moore";
            verdict: components["schemas"]["Verdict"];
            strength: components["schemas"]["Strength"];
            move: components["schemas"]["MooreMove"] | null;
            position?: components["schemas"]["Game"] | null;
            changed?: components["schemas"]["PositionChange"] | null;
        };
        StaircasePlay: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "staircase";
            verdict: components["schemas"]["Verdict"];
            strength: components["schemas"]["Strength"];
            move: components["schemas"]["StaircaseMove"] | null;
            position?: components["schemas"]["Game"] | null;
            changed?: components["schemas"]["PositionChange"] | null;
        };
        EuclidPlay: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "euclid";
            verdict: components["schemas"]["Verdict"];
            strength: components["schemas"]["Strength"];
            move: components["schemas"]["EuclidMove"] | null;
            position?: components["schemas"]["Game"] | null;
            changed?: components["schemas"]["PositionChange"] | null;
        };
        DivisorPlay: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "divisor";
            verdict: components["schemas"]["Verdict"];
            strength: components["schemas"]["Strength"];
            move: components["schemas"]["DivisorMove"] | null;
            position?: components["schemas"]["Game"] | null;
            changed?: components["schemas"]["PositionChange"] | null;
        };
        WythoffPlay: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "wythoff";
            verdict: components["schemas"]["Verdict"];
            strength: components["schemas"]["Strength"];
            move: components["schemas"]["WythoffMove"] | null;
            position?: components["schemas"]["Game"] | null;
            changed?: components["schemas"]["PositionChange"] | null;
        };
        FibonacciPlay: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "fibonacci";
            verdict: components["schemas"]["Verdict"];
            strength: components["schemas"]["Strength"];
            move: components["schemas"]["TakeMove"] | null;
            position?: components["schemas"]["Game"] | null;
            changed?: components["schemas"]["PositionChange"] | null;
        };
        CoinsPlay: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "coins";
            verdict: components["schemas"]["Verdict"];
            strength: components["schemas"]["Strength"];
            move: components["schemas"]["CoinsMove"] | null;
            position?: components["schemas"]["Game"] | null;
            changed?: components["schemas"]["PositionChange"] | null;
        };
        CuttingPlay: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "cutting";
            verdict: components["schemas"]["Verdict"];
            strength: components["schemas"]["Strength"];
            move: components["schemas"]["CuttingMove"] | null;
            position?: components["schemas"]["Game"] | null;
            changed?: components["schemas"]["PositionChange"] | null;
        };
        DagPlay: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "dag";
            verdict: components["schemas"]["Verdict"];
            strength: components["schemas"]["Strength"];
            move: components["schemas"]["DagMove"] | null;
            position?: components["schemas"]["Game"] | null;
            changed?: components["schemas"]["PositionChange"] | null;
        };
        HackenbushPlay: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "hackenbush";
            verdict: components["schemas"]["Verdict"];
            strength: components["schemas"]["Strength"];
            move: components["schemas"]["HackenbushMove"] | null;
            position?: components["schemas"]["Game"] | null;
            changed?: components["schemas"]["PositionChange"] | null;
        };
        CoprimePlay: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "coprime";
            verdict: components["schemas"]["Verdict"];
            strength: components["schemas"]["Strength"];
            move: components["schemas"]["TakeMove"] | null;
            position?: components["schemas"]["Game"] | null;
            changed?: components["schemas"]["PositionChange"] | null;
        };
        OctalPlay: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "octal";
            verdict: components["schemas"]["Verdict"];
            strength: components["schemas"]["Strength"];
            move: components["schemas"]["OctalMove"] | null;
            position?: components["schemas"]["Game"] | null;
            changed?: components["schemas"]["PositionChange"] | null;
        };
        GrundyPlay: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "grundy";
            verdict: components["schemas"]["Verdict"];
            strength: components["schemas"]["Strength"];
            move: components["schemas"]["GrundyMove"] | null;
            position?: components["schemas"]["Game"] | null;
            changed?: components["schemas"]["PositionChange"] | null;
        };
        BeansPlay: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "beans";
            verdict: components["schemas"]["Verdict"];
            strength: components["schemas"]["Strength"];
            move: components["schemas"]["BeansMove"] | null;
            position?: components["schemas"]["Game"] | null;
            changed?: components["schemas"]["PositionChange"] | null;
        };
        ChompPlay: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "chomp";
            verdict: components["schemas"]["Verdict"];
            strength: components["schemas"]["Strength"];
            move: components["schemas"]["ChompMove"] | null;
            position?: components["schemas"]["Game"] | null;
            changed?: components["schemas"]["PositionChange"] | null;
        };
        NodeKaylesPlay: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "nodekayles";
            verdict: components["schemas"]["Verdict"];
            strength: components["schemas"]["Strength"];
            move: components["schemas"]["NodeKaylesMove"] | null;
            position?: components["schemas"]["Game"] | null;
            changed?: components["schemas"]["PositionChange"] | null;
        };
        CramPlay: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "cram";
            verdict: components["schemas"]["Verdict"];
            strength: components["schemas"]["Strength"];
            move: components["schemas"]["CramMove"] | null;
            position?: components["schemas"]["Game"] | null;
            changed?: components["schemas"]["PositionChange"] | null;
        };
        NotaktoPlay: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "notakto";
            verdict: components["schemas"]["Verdict"];
            strength: components["schemas"]["Strength"];
            move: components["schemas"]["NotaktoMove"] | null;
            position?: components["schemas"]["Game"] | null;
            changed?: components["schemas"]["PositionChange"] | null;
        };
        SumPlay: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "sum";
            verdict: components["schemas"]["Verdict"];
            strength: components["schemas"]["Strength"];
            move: components["schemas"]["SumMove"] | null;
            position?: components["schemas"]["Game"] | null;
            changed?: components["schemas"]["PositionChange"] | null;
        };
        /** @description Every legal move with what it leads to; `type` says the moves' shape. */
        MovesAnswer: components["schemas"]["NimMoves"] | components["schemas"]["BashMoves"] | components["schemas"]["SubtractionMoves"] | components["schemas"]["MooreMoves"] | components["schemas"]["StaircaseMoves"] | components["schemas"]["CoinsMoves"] | components["schemas"]["CuttingMoves"] | components["schemas"]["DagMoves"] | components["schemas"]["HackenbushMoves"] | components["schemas"]["CoprimeMoves"] | components["schemas"]["OctalMoves"] | components["schemas"]["GrundyMoves"] | components["schemas"]["BeansMoves"] | components["schemas"]["EuclidMoves"] | components["schemas"]["DivisorMoves"] | components["schemas"]["WythoffMoves"] | components["schemas"]["FibonacciMoves"] | components["schemas"]["ChompMoves"] | components["schemas"]["NodeKaylesMoves"] | components["schemas"]["CramMoves"] | components["schemas"]["NotaktoMoves"] | components["schemas"]["SumMoves"];
        MoveOutcome: {
            outcome: components["schemas"]["Verdict"];
            sg?: components["schemas"]["Heap"];
            remoteness?: number;
        };
        NimMoves: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "nim";
            moves: (components["schemas"]["TakeMove"] & components["schemas"]["MoveOutcome"])[];
            complete: boolean;
        };
        BashMoves: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "bash";
            moves: (components["schemas"]["TakeMove"] & components["schemas"]["MoveOutcome"])[];
            complete: boolean;
        };
        SubtractionMoves: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "subtraction";
            moves: (components["schemas"]["TakeMove"] & components["schemas"]["MoveOutcome"])[];
            complete: boolean;
        };
        MooreMoves: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "moore";
            moves: (components["schemas"]["MooreMove"] & components["schemas"]["MoveOutcome"])[];
            complete: boolean;
        };
        StaircaseMoves: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "staircase";
            moves: (components["schemas"]["StaircaseMove"] & components["schemas"]["MoveOutcome"])[];
            complete: boolean;
        };
        EuclidMoves: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "euclid";
            moves: (components["schemas"]["EuclidMove"] & components["schemas"]["MoveOutcome"])[];
            complete: boolean;
        };
        DivisorMoves: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "divisor";
            moves: (components["schemas"]["DivisorMove"] & components["schemas"]["MoveOutcome"])[];
            complete: boolean;
        };
        WythoffMoves: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "wythoff";
            moves: (components["schemas"]["WythoffMove"] & components["schemas"]["MoveOutcome"])[];
            complete: boolean;
        };
        FibonacciMoves: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "fibonacci";
            moves: (components["schemas"]["TakeMove"] & components["schemas"]["MoveOutcome"])[];
            complete: boolean;
        };
        CoinsMoves: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "coins";
            moves: (components["schemas"]["CoinsMove"] & components["schemas"]["MoveOutcome"])[];
            complete: boolean;
        };
        CuttingMoves: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "cutting";
            moves: (components["schemas"]["CuttingMove"] & components["schemas"]["MoveOutcome"])[];
            complete: boolean;
        };
        DagMoves: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "dag";
            moves: (components["schemas"]["DagMove"] & components["schemas"]["MoveOutcome"])[];
            complete: boolean;
        };
        HackenbushMoves: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "hackenbush";
            moves: (components["schemas"]["HackenbushMove"] & components["schemas"]["MoveOutcome"])[];
            complete: boolean;
        };
        CoprimeMoves: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "coprime";
            moves: (components["schemas"]["TakeMove"] & components["schemas"]["MoveOutcome"])[];
            complete: boolean;
        };
        OctalMoves: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "octal";
            moves: (components["schemas"]["OctalMove"] & components["schemas"]["MoveOutcome"])[];
            complete: boolean;
        };
        GrundyMoves: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "grundy";
            moves: (components["schemas"]["GrundyMove"] & components["schemas"]["MoveOutcome"])[];
            complete: boolean;
        };
        BeansMoves: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "beans";
            moves: (components["schemas"]["BeansMove"] & components["schemas"]["MoveOutcome"])[];
            complete: boolean;
        };
        ChompMoves: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "chomp";
            moves: (components["schemas"]["ChompMove"] & components["schemas"]["MoveOutcome"])[];
            complete: boolean;
        };
        NodeKaylesMoves: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "nodekayles";
            moves: (components["schemas"]["NodeKaylesMove"] & components["schemas"]["MoveOutcome"])[];
            complete: boolean;
        };
        CramMoves: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "cram";
            moves: (components["schemas"]["CramMove"] & components["schemas"]["MoveOutcome"])[];
            complete: boolean;
        };
        NotaktoMoves: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "notakto";
            moves: (components["schemas"]["NotaktoMove"] & components["schemas"]["MoveOutcome"])[];
            complete: boolean;
        };
        SumMoves: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "sum";
            moves: (components["schemas"]["SumMove"] & components["schemas"]["MoveOutcome"])[];
            complete: boolean;
        };
        Table: {
            type: string;
            values: (components["schemas"]["Heap"] | (components["schemas"]["Heap"] | null)[] | {
                loopy: components["schemas"]["Heap"][];
            })[];
            period?: number | null;
            preperiod?: number | null;
            /** @description octal only: s of a proved arithmetic period, values[n + period] = values[n] + s past the preperiod; 0 for an ordinary period, null exactly when period is null. */
            saltus?: number | null;
            /** @description The heap of values[0], when the request gave a from above 0. */
            from?: number;
            /**
             * Format: int64
             * @description fibonacci: the multiplier the table is for.
             */
            k?: number | string;
        };
        /** @description An RFC 9457 problem. `type` names the kind of problem (a URI reference; GET on it answers its documentation as text) and `title` is that kind's fixed summary. malformed-json (400) the body is not valid JSON or repeats a key; invalid-field (400) a field is missing, unknown, of the wrong kind or out of range; unknown-type (400) `type` names no game; unsupported-convention (400 when the route cannot honour it, 422 when the game has no answer under it); invalid-query (400) a query parameter is unknown or its value not allowed; malformed-request (400) the HTTP head or framing breaks RFC 9112; not-implemented (501) a transfer coding other than chunked; uri-too-long (414) a request line past a connection's memory; headers-too-large (431) header fields past it; http-version-not-supported (505) an HTTP version other than 1.1 and 1.0; limit-exceeded (422, or 413 for the body) with the limit's `limit` and `value`; illegal-move (422) the move sent to /v1/move is not a legal move there, the detail says why and the pointer names the field at fault inside /move; unsolvable (422) well-formed but not answerable, the detail says why; not-found (404), method-not-allowed (405), unsupported-media-type (415), rate-limited (429, with Retry-After, RateLimit-Policy and RateLimit), unavailable (503, with Retry-After), internal-error (500). */
        Problem: {
            /** @enum {string} */
            type: "/problems/malformed-json" | "/problems/invalid-field" | "/problems/unknown-type" | "/problems/unsupported-convention" | "/problems/invalid-query" | "/problems/malformed-request" | "/problems/not-implemented" | "/problems/limit-exceeded" | "/problems/illegal-move" | "/problems/unsolvable" | "/problems/not-found" | "/problems/method-not-allowed" | "/problems/unsupported-media-type" | "/problems/rate-limited" | "/problems/unavailable" | "/problems/uri-too-long" | "/problems/headers-too-large" | "/problems/http-version-not-supported" | "/problems/internal-error";
            title: string;
            status: number;
            detail: string;
            /** @description JSON Pointer into the request body, naming the element at fault (/set/1, not /set). */
            pointer?: string;
            /** @description limit-exceeded only: the limit passed, as GET /v1/games names it. */
            limit?: string;
            /** @description limit-exceeded only: the value of that limit on this server. */
            value?: number;
        };
    };
    responses: {
        /** @description The request line is longer than a connection's memory holds. */
        UriTooLong: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description Fine. */
        Ok: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": {
                    /** @constant */
                    status?: "ok";
                };
            };
        };
        /** @description Malformed JSON, a field that breaks the contract (pointer names it), or an unsound request head (a length given two ways, HTTP/1.1 without Host). */
        BadRequest: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description No resource at this path. */
        NotFound: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description The body is over max_body_mb (checked from Content-Length before reading). */
        TooLarge: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description A POST whose body is not application/json. */
        UnsupportedMediaType: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description Well-formed but over a limit (named in detail and in the members limit and value; max_response_bytes when the answer would be too large), or misère play of a game whose own rule decides the end. */
        Unprocessable: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description This client passed --rate-limit (rate-limited); others are served meanwhile. */
        RateLimited: {
            headers: {
                /** @description Whole seconds until the client may make a request again (at least 1). */
                "Retry-After"?: number;
                /** @description "default";q=<2N>;w=2 - the quota of 2N requests over 2 seconds. */
                "RateLimit-Policy"?: string;
                /** @description "default";r=0;t=<seconds> - none left, and the seconds until the next. */
                RateLimit?: string;
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description Every worker busy and the queue full, draining, or no memory to hold the body now. Retry-After says when to retry. */
        Overloaded: {
            headers: {
                "Retry-After"?: number;
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
    };
    parameters: {
        /** @description The game object, as JSON (URL-encoded). */
        GameQuery: string;
        /** @description Most winning moves listed (0 = none). Past it winning_moves_complete is false. A whole answer (moves with their positions, components) may take at most max_response_bytes (GET /v1/games, query; default 256 MiB) and, when it lists positions, 16 MiB plus max_response_ratio (default 8) times the request's body (estimated before it is written and checked as it is), else 422 (ask with positions=changed or none, or fewer moves). */
        MaxMoves: number;
        /** @description How each listed move (and play's answer) gives the position it leads to. `full`: the whole game object, ready to post back. `changed`: only what the move changes - the game's position member with its value after the move ({"heaps": [3, 0, 5]}, {"tokens": [1, 7]}, {"stairs": ...}, {"coins": ...}, {"pieces": ...}, {"bottles": ...}); for hackenbush the request's edges the position after no longer holds ({"removed": [...]}: those that fall, and any that stood apart from the ground from the start), not those left standing; for a sum the component moved in and what changes in it ({"component": 1, "changed": {"tokens": [4]}}) - so that moves of a large graph cost what they change, not the graph; it comes in the member `changed`, never in `position`, so that `position` is always a whole game. `none`: neither member (play's answer has neither). An answer listing positions may take at most 16 MiB plus max_response_ratio times the request's body, and never more than max_response_bytes (GET /v1/games, query): past that, a 422 that names positions. */
        Positions: "full" | "changed" | "none";
        /** @description `string`: every field this document marks `format: int64` (heap sizes, takes, leaves, counts, bottles, numbers, pile and pair members, limits, `to` values, every `sg`, table values, `exact_up_to`) is written as a JSON string of its decimal digits, whatever its size. These fields may pass 2^53-1, past which JavaScript's `JSON.parse` rounds a number to the nearest double; a client that keeps them as strings (and reads them into BigInt) keeps them exact. Indices, node ids and a problem's `status` stay numbers. Without it integers are JSON numbers. A request may send any integer either way (a number, or a string of its decimal digits), as the protobuf JSON mapping allows. A GET answer with int64=string has its own ETag. */
        Int64: "string";
        /** @description How well to play (see Strength); the answer names it. */
        Strength: components["schemas"]["Strength"];
        /** @description The seed of a weaker strength's draws, so that the same request plays the same move; without it every request draws afresh. */
        Seed: number;
        /** @description Most components an analysis lists (0 = none; default every one). When the list is cut, components_complete is false. Ask for fewer where a position has many parts, to keep the answer small. */
        Components: number;
    };
    requestBodies: never;
    headers: {
        /** @description A strong entity tag of the answer (a hash of the build, its limits and the query; `-gz` follows its digits when the answer goes gzip-compressed or would, were it over 1 KiB). */
        ETag: string;
        /** @description `public, max-age=86400, immutable` on a 200 or 304; `no-store` on a problem. */
        CacheControl: string;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    analyzeGet: {
        parameters: {
            query: {
                /** @description The game object, as JSON (URL-encoded). */
                game: components["parameters"]["GameQuery"];
                /** @description Most winning moves listed (0 = none). Past it winning_moves_complete is false. A whole answer (moves with their positions, components) may take at most max_response_bytes (GET /v1/games, query; default 256 MiB) and, when it lists positions, 16 MiB plus max_response_ratio (default 8) times the request's body (estimated before it is written and checked as it is), else 422 (ask with positions=changed or none, or fewer moves). */
                max_moves?: components["parameters"]["MaxMoves"];
                /** @description Most components an analysis lists (0 = none; default every one). When the list is cut, components_complete is false. Ask for fewer where a position has many parts, to keep the answer small. */
                components?: components["parameters"]["Components"];
                /** @description How each listed move (and play's answer) gives the position it leads to. `full`: the whole game object, ready to post back. `changed`: only what the move changes - the game's position member with its value after the move ({"heaps": [3, 0, 5]}, {"tokens": [1, 7]}, {"stairs": ...}, {"coins": ...}, {"pieces": ...}, {"bottles": ...}); for hackenbush the request's edges the position after no longer holds ({"removed": [...]}: those that fall, and any that stood apart from the ground from the start), not those left standing; for a sum the component moved in and what changes in it ({"component": 1, "changed": {"tokens": [4]}}) - so that moves of a large graph cost what they change, not the graph; it comes in the member `changed`, never in `position`, so that `position` is always a whole game. `none`: neither member (play's answer has neither). An answer listing positions may take at most 16 MiB plus max_response_ratio times the request's body, and never more than max_response_bytes (GET /v1/games, query): past that, a 422 that names positions. */
                positions?: components["parameters"]["Positions"];
                /** @description `string`: every field this document marks `format: int64` (heap sizes, takes, leaves, counts, bottles, numbers, pile and pair members, limits, `to` values, every `sg`, table values, `exact_up_to`) is written as a JSON string of its decimal digits, whatever its size. These fields may pass 2^53-1, past which JavaScript's `JSON.parse` rounds a number to the nearest double; a client that keeps them as strings (and reads them into BigInt) keeps them exact. Indices, node ids and a problem's `status` stay numbers. Without it integers are JSON numbers. A request may send any integer either way (a number, or a string of its decimal digits), as the protobuf JSON mapping allows. A GET answer with int64=string has its own ETag. */
                int64?: components["parameters"]["Int64"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The analysis. */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["CacheControl"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Analysis"];
                };
            };
            /** @description The client's copy (If-None-Match names its ETag) is this answer. */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["CacheControl"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            414: components["responses"]["UriTooLong"];
            422: components["responses"]["Unprocessable"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Overloaded"];
        };
    };
    analyze: {
        parameters: {
            query?: {
                /** @description Most winning moves listed (0 = none). Past it winning_moves_complete is false. A whole answer (moves with their positions, components) may take at most max_response_bytes (GET /v1/games, query; default 256 MiB) and, when it lists positions, 16 MiB plus max_response_ratio (default 8) times the request's body (estimated before it is written and checked as it is), else 422 (ask with positions=changed or none, or fewer moves). */
                max_moves?: components["parameters"]["MaxMoves"];
                /** @description Most components an analysis lists (0 = none; default every one). When the list is cut, components_complete is false. Ask for fewer where a position has many parts, to keep the answer small. */
                components?: components["parameters"]["Components"];
                /** @description How each listed move (and play's answer) gives the position it leads to. `full`: the whole game object, ready to post back. `changed`: only what the move changes - the game's position member with its value after the move ({"heaps": [3, 0, 5]}, {"tokens": [1, 7]}, {"stairs": ...}, {"coins": ...}, {"pieces": ...}, {"bottles": ...}); for hackenbush the request's edges the position after no longer holds ({"removed": [...]}: those that fall, and any that stood apart from the ground from the start), not those left standing; for a sum the component moved in and what changes in it ({"component": 1, "changed": {"tokens": [4]}}) - so that moves of a large graph cost what they change, not the graph; it comes in the member `changed`, never in `position`, so that `position` is always a whole game. `none`: neither member (play's answer has neither). An answer listing positions may take at most 16 MiB plus max_response_ratio times the request's body, and never more than max_response_bytes (GET /v1/games, query): past that, a 422 that names positions. */
                positions?: components["parameters"]["Positions"];
                /** @description `string`: every field this document marks `format: int64` (heap sizes, takes, leaves, counts, bottles, numbers, pile and pair members, limits, `to` values, every `sg`, table values, `exact_up_to`) is written as a JSON string of its decimal digits, whatever its size. These fields may pass 2^53-1, past which JavaScript's `JSON.parse` rounds a number to the nearest double; a client that keeps them as strings (and reads them into BigInt) keeps them exact. Indices, node ids and a problem's `status` stay numbers. Without it integers are JSON numbers. A request may send any integer either way (a number, or a string of its decimal digits), as the protobuf JSON mapping allows. A GET answer with int64=string has its own ETag. */
                int64?: components["parameters"]["Int64"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Game"];
            };
        };
        responses: {
            /** @description The analysis. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Analysis"];
                };
            };
            400: components["responses"]["BadRequest"];
            413: components["responses"]["TooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["Unprocessable"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Overloaded"];
        };
    };
    analyzeBatch: {
        parameters: {
            query?: {
                /** @description Most winning moves listed (0 = none). Past it winning_moves_complete is false. A whole answer (moves with their positions, components) may take at most max_response_bytes (GET /v1/games, query; default 256 MiB) and, when it lists positions, 16 MiB plus max_response_ratio (default 8) times the request's body (estimated before it is written and checked as it is), else 422 (ask with positions=changed or none, or fewer moves). */
                max_moves?: components["parameters"]["MaxMoves"];
                /** @description Most components an analysis lists (0 = none; default every one). When the list is cut, components_complete is false. Ask for fewer where a position has many parts, to keep the answer small. */
                components?: components["parameters"]["Components"];
                /** @description How each listed move (and play's answer) gives the position it leads to. `full`: the whole game object, ready to post back. `changed`: only what the move changes - the game's position member with its value after the move ({"heaps": [3, 0, 5]}, {"tokens": [1, 7]}, {"stairs": ...}, {"coins": ...}, {"pieces": ...}, {"bottles": ...}); for hackenbush the request's edges the position after no longer holds ({"removed": [...]}: those that fall, and any that stood apart from the ground from the start), not those left standing; for a sum the component moved in and what changes in it ({"component": 1, "changed": {"tokens": [4]}}) - so that moves of a large graph cost what they change, not the graph; it comes in the member `changed`, never in `position`, so that `position` is always a whole game. `none`: neither member (play's answer has neither). An answer listing positions may take at most 16 MiB plus max_response_ratio times the request's body, and never more than max_response_bytes (GET /v1/games, query): past that, a 422 that names positions. */
                positions?: components["parameters"]["Positions"];
                /** @description `string`: every field this document marks `format: int64` (heap sizes, takes, leaves, counts, bottles, numbers, pile and pair members, limits, `to` values, every `sg`, table values, `exact_up_to`) is written as a JSON string of its decimal digits, whatever its size. These fields may pass 2^53-1, past which JavaScript's `JSON.parse` rounds a number to the nearest double; a client that keeps them as strings (and reads them into BigInt) keeps them exact. Indices, node ids and a problem's `status` stay numbers. Without it integers are JSON numbers. A request may send any integer either way (a number, or a string of its decimal digits), as the protobuf JSON mapping allows. A GET answer with int64=string has its own ETag. */
                int64?: components["parameters"]["Int64"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description At most max_batch (default 1000) game objects; one that is not valid, or has no answer, gets its own problem in `results`, the others are answered. */
                    positions: components["schemas"]["Game"][];
                };
            };
        };
        responses: {
            /** @description One result per position, in order. A problem's pointer is into the batch body. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        results: (components["schemas"]["Analysis"] | components["schemas"]["Problem"])[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            413: components["responses"]["TooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["Unprocessable"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Overloaded"];
        };
    };
    play: {
        parameters: {
            query?: {
                /** @description How each listed move (and play's answer) gives the position it leads to. `full`: the whole game object, ready to post back. `changed`: only what the move changes - the game's position member with its value after the move ({"heaps": [3, 0, 5]}, {"tokens": [1, 7]}, {"stairs": ...}, {"coins": ...}, {"pieces": ...}, {"bottles": ...}); for hackenbush the request's edges the position after no longer holds ({"removed": [...]}: those that fall, and any that stood apart from the ground from the start), not those left standing; for a sum the component moved in and what changes in it ({"component": 1, "changed": {"tokens": [4]}}) - so that moves of a large graph cost what they change, not the graph; it comes in the member `changed`, never in `position`, so that `position` is always a whole game. `none`: neither member (play's answer has neither). An answer listing positions may take at most 16 MiB plus max_response_ratio times the request's body, and never more than max_response_bytes (GET /v1/games, query): past that, a 422 that names positions. */
                positions?: components["parameters"]["Positions"];
                /** @description How well to play (see Strength); the answer names it. */
                strength?: components["parameters"]["Strength"];
                /** @description The seed of a weaker strength's draws, so that the same request plays the same move; without it every request draws afresh. */
                seed?: components["parameters"]["Seed"];
                /** @description `string`: every field this document marks `format: int64` (heap sizes, takes, leaves, counts, bottles, numbers, pile and pair members, limits, `to` values, every `sg`, table values, `exact_up_to`) is written as a JSON string of its decimal digits, whatever its size. These fields may pass 2^53-1, past which JavaScript's `JSON.parse` rounds a number to the nearest double; a client that keeps them as strings (and reads them into BigInt) keeps them exact. Indices, node ids and a problem's `status` stay numbers. Without it integers are JSON numbers. A request may send any integer either way (a number, or a string of its decimal digits), as the protobuf JSON mapping allows. A GET answer with int64=string has its own ETag. */
                int64?: components["parameters"]["Int64"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Game"];
            };
        };
        responses: {
            /** @description The move and the position after it. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlayAnswer"];
                };
            };
            400: components["responses"]["BadRequest"];
            413: components["responses"]["TooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["Unprocessable"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Overloaded"];
        };
    };
    move: {
        parameters: {
            query?: {
                /** @description Most winning moves listed (0 = none). Past it winning_moves_complete is false. A whole answer (moves with their positions, components) may take at most max_response_bytes (GET /v1/games, query; default 256 MiB) and, when it lists positions, 16 MiB plus max_response_ratio (default 8) times the request's body (estimated before it is written and checked as it is), else 422 (ask with positions=changed or none, or fewer moves). */
                max_moves?: components["parameters"]["MaxMoves"];
                /** @description Most components an analysis lists (0 = none; default every one). When the list is cut, components_complete is false. Ask for fewer where a position has many parts, to keep the answer small. */
                components?: components["parameters"]["Components"];
                /** @description How each listed move (and play's answer) gives the position it leads to. `full`: the whole game object, ready to post back. `changed`: only what the move changes - the game's position member with its value after the move ({"heaps": [3, 0, 5]}, {"tokens": [1, 7]}, {"stairs": ...}, {"coins": ...}, {"pieces": ...}, {"bottles": ...}); for hackenbush the request's edges the position after no longer holds ({"removed": [...]}: those that fall, and any that stood apart from the ground from the start), not those left standing; for a sum the component moved in and what changes in it ({"component": 1, "changed": {"tokens": [4]}}) - so that moves of a large graph cost what they change, not the graph; it comes in the member `changed`, never in `position`, so that `position` is always a whole game. `none`: neither member (play's answer has neither). An answer listing positions may take at most 16 MiB plus max_response_ratio times the request's body, and never more than max_response_bytes (GET /v1/games, query): past that, a 422 that names positions. */
                positions?: components["parameters"]["Positions"];
                /** @description Adds `reply`, the computer's move from the position after, played at this strength. */
                reply?: components["schemas"]["Strength"];
                /** @description The seed of a weaker strength's draws, so that the same request plays the same move; without it every request draws afresh. */
                seed?: components["parameters"]["Seed"];
                /** @description `string`: every field this document marks `format: int64` (heap sizes, takes, leaves, counts, bottles, numbers, pile and pair members, limits, `to` values, every `sg`, table values, `exact_up_to`) is written as a JSON string of its decimal digits, whatever its size. These fields may pass 2^53-1, past which JavaScript's `JSON.parse` rounds a number to the nearest double; a client that keeps them as strings (and reads them into BigInt) keeps them exact. Indices, node ids and a problem's `status` stay numbers. Without it integers are JSON numbers. A request may send any integer either way (a number, or a string of its decimal digits), as the protobuf JSON mapping allows. A GET answer with int64=string has its own ETag. */
                int64?: components["parameters"]["Int64"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["MoveRequest"];
            };
        };
        responses: {
            /** @description The analysis of the position after the move, with that position (and the reply). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Analysis"];
                };
            };
            400: components["responses"]["BadRequest"];
            413: components["responses"]["TooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            /** @description The move is not legal here (illegal-move), or the position after it is over a limit. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Overloaded"];
        };
    };
    movesGet: {
        parameters: {
            query: {
                /** @description The game object, as JSON (URL-encoded). */
                game: components["parameters"]["GameQuery"];
                /** @description Most winning moves listed (0 = none). Past it winning_moves_complete is false. A whole answer (moves with their positions, components) may take at most max_response_bytes (GET /v1/games, query; default 256 MiB) and, when it lists positions, 16 MiB plus max_response_ratio (default 8) times the request's body (estimated before it is written and checked as it is), else 422 (ask with positions=changed or none, or fewer moves). */
                max_moves?: components["parameters"]["MaxMoves"];
                /** @description How each listed move (and play's answer) gives the position it leads to. `full`: the whole game object, ready to post back. `changed`: only what the move changes - the game's position member with its value after the move ({"heaps": [3, 0, 5]}, {"tokens": [1, 7]}, {"stairs": ...}, {"coins": ...}, {"pieces": ...}, {"bottles": ...}); for hackenbush the request's edges the position after no longer holds ({"removed": [...]}: those that fall, and any that stood apart from the ground from the start), not those left standing; for a sum the component moved in and what changes in it ({"component": 1, "changed": {"tokens": [4]}}) - so that moves of a large graph cost what they change, not the graph; it comes in the member `changed`, never in `position`, so that `position` is always a whole game. `none`: neither member (play's answer has neither). An answer listing positions may take at most 16 MiB plus max_response_ratio times the request's body, and never more than max_response_bytes (GET /v1/games, query): past that, a 422 that names positions. */
                positions?: components["parameters"]["Positions"];
                /** @description `string`: every field this document marks `format: int64` (heap sizes, takes, leaves, counts, bottles, numbers, pile and pair members, limits, `to` values, every `sg`, table values, `exact_up_to`) is written as a JSON string of its decimal digits, whatever its size. These fields may pass 2^53-1, past which JavaScript's `JSON.parse` rounds a number to the nearest double; a client that keeps them as strings (and reads them into BigInt) keeps them exact. Indices, node ids and a problem's `status` stay numbers. Without it integers are JSON numbers. A request may send any integer either way (a number, or a string of its decimal digits), as the protobuf JSON mapping allows. A GET answer with int64=string has its own ETag. */
                int64?: components["parameters"]["Int64"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The moves. */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["CacheControl"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MovesAnswer"];
                };
            };
            /** @description The client's copy (If-None-Match names its ETag) is this answer. */
            304: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["CacheControl"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            414: components["responses"]["UriTooLong"];
            422: components["responses"]["Unprocessable"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Overloaded"];
        };
    };
    moves: {
        parameters: {
            query?: {
                /** @description Most winning moves listed (0 = none). Past it winning_moves_complete is false. A whole answer (moves with their positions, components) may take at most max_response_bytes (GET /v1/games, query; default 256 MiB) and, when it lists positions, 16 MiB plus max_response_ratio (default 8) times the request's body (estimated before it is written and checked as it is), else 422 (ask with positions=changed or none, or fewer moves). */
                max_moves?: components["parameters"]["MaxMoves"];
                /** @description How each listed move (and play's answer) gives the position it leads to. `full`: the whole game object, ready to post back. `changed`: only what the move changes - the game's position member with its value after the move ({"heaps": [3, 0, 5]}, {"tokens": [1, 7]}, {"stairs": ...}, {"coins": ...}, {"pieces": ...}, {"bottles": ...}); for hackenbush the request's edges the position after no longer holds ({"removed": [...]}: those that fall, and any that stood apart from the ground from the start), not those left standing; for a sum the component moved in and what changes in it ({"component": 1, "changed": {"tokens": [4]}}) - so that moves of a large graph cost what they change, not the graph; it comes in the member `changed`, never in `position`, so that `position` is always a whole game. `none`: neither member (play's answer has neither). An answer listing positions may take at most 16 MiB plus max_response_ratio times the request's body, and never more than max_response_bytes (GET /v1/games, query): past that, a 422 that names positions. */
                positions?: components["parameters"]["Positions"];
                /** @description `string`: every field this document marks `format: int64` (heap sizes, takes, leaves, counts, bottles, numbers, pile and pair members, limits, `to` values, every `sg`, table values, `exact_up_to`) is written as a JSON string of its decimal digits, whatever its size. These fields may pass 2^53-1, past which JavaScript's `JSON.parse` rounds a number to the nearest double; a client that keeps them as strings (and reads them into BigInt) keeps them exact. Indices, node ids and a problem's `status` stay numbers. Without it integers are JSON numbers. A request may send any integer either way (a number, or a string of its decimal digits), as the protobuf JSON mapping allows. A GET answer with int64=string has its own ETag. */
                int64?: components["parameters"]["Int64"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Game"];
            };
        };
        responses: {
            /** @description The moves. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MovesAnswer"];
                };
            };
            400: components["responses"]["BadRequest"];
            413: components["responses"]["TooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["Unprocessable"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Overloaded"];
        };
    };
    table: {
        parameters: {
            query?: {
                /** @description `string`: every field this document marks `format: int64` (heap sizes, takes, leaves, counts, bottles, numbers, pile and pair members, limits, `to` values, every `sg`, table values, `exact_up_to`) is written as a JSON string of its decimal digits, whatever its size. These fields may pass 2^53-1, past which JavaScript's `JSON.parse` rounds a number to the nearest double; a client that keeps them as strings (and reads them into BigInt) keeps them exact. Indices, node ids and a problem's `status` stay numbers. Without it integers are JSON numbers. A request may send any integer either way (a number, or a string of its decimal digits), as the protobuf JSON mapping allows. A GET answer with int64=string has its own ETag. */
                int64?: components["parameters"]["Int64"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    type: "nim" | "bash" | "subtraction" | "coprime" | "octal" | "grundy" | "cutting" | "wythoff" | "fibonacci" | "dag";
                    code?: components["schemas"]["Octal"]["code"];
                    k?: components["schemas"]["Bash"]["k"];
                    set?: components["schemas"]["Subtraction"]["set"];
                    nodes?: components["schemas"]["Dag"]["nodes"];
                    edges?: components["schemas"]["Dag"]["edges"];
                    up_to?: number | number[];
                    /**
                     * @description nim, bash, subtraction, coprime, octal, grundy, fibonacci: the first heap listed (at most up_to); at most max_table_page values per answer.
                     * @default 0
                     */
                    from?: number;
                    /**
                     * @description A table holds normal-play values: misere is a 400.
                     * @constant
                     */
                    convention?: "normal";
                };
            };
        };
        responses: {
            /** @description The table. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Table"];
                };
            };
            400: components["responses"]["BadRequest"];
            413: components["responses"]["TooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["Unprocessable"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Overloaded"];
        };
    };
    quotient: {
        parameters: {
            query?: {
                /** @description 1 adds the multiplication table. */
                table?: "0" | "1";
                /** @description `string`: every field this document marks `format: int64` (heap sizes, takes, leaves, counts, bottles, numbers, pile and pair members, limits, `to` values, every `sg`, table values, `exact_up_to`) is written as a JSON string of its decimal digits, whatever its size. These fields may pass 2^53-1, past which JavaScript's `JSON.parse` rounds a number to the nearest double; a client that keeps them as strings (and reads them into BigInt) keeps them exact. Indices, node ids and a problem's `status` stay numbers. Without it integers are JSON numbers. A request may send any integer either way (a number, or a string of its decimal digits), as the protobuf JSON mapping allows. A GET answer with int64=string has its own ETag. */
                int64?: components["parameters"]["Int64"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    type: "octal" | "grundy" | "notakto";
                    code?: components["schemas"]["Octal"]["code"];
                    /** @description notakto: the side of the boards. */
                    size?: number;
                    /** @description The largest heap the quotient must cover. */
                    up_to?: number;
                    convention?: components["schemas"]["Convention"];
                };
            };
        };
        responses: {
            /** @description The quotient. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Quotient"];
                };
            };
            /** @description A malformed request, or a ruleset that is not take-and-break. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            413: components["responses"]["TooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["Unprocessable"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Overloaded"];
        };
    };
    catalog: {
        parameters: {
            query?: {
                /** @description `string`: every field this document marks `format: int64` (heap sizes, takes, leaves, counts, bottles, numbers, pile and pair members, limits, `to` values, every `sg`, table values, `exact_up_to`) is written as a JSON string of its decimal digits, whatever its size. These fields may pass 2^53-1, past which JavaScript's `JSON.parse` rounds a number to the nearest double; a client that keeps them as strings (and reads them into BigInt) keeps them exact. Indices, node ids and a problem's `status` stay numbers. Without it integers are JSON numbers. A request may send any integer either way (a number, or a string of its decimal digits), as the protobuf JSON mapping allows. A GET answer with int64=string has its own ETag. */
                int64?: components["parameters"]["Int64"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The catalog, generated from the server's registry of game types. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        types: {
                            type: string;
                            /** @description The game's name for players ("Green Hackenbush", "Kayles" for the example code). */
                            name: string;
                            /** @description How to play it, for players: a sentence or two. */
                            rules: string;
                            summary: string;
                            fields: {
                                [key: string]: string;
                            };
                            limits: {
                                [key: string]: number;
                            };
                            conventions: ("normal" | "misere")[];
                            /**
                             * @description The convention of a request that names none: the game's own rule (misere for notakto, else normal).
                             * @enum {string}
                             */
                            default_convention: "normal" | "misere";
                            /** @description Every method its analyses may give. */
                            methods: components["schemas"]["Method"][];
                            table: boolean;
                            /** @description POST /v1/quotient takes it: its misère quotient can be asked for (take-and-break rulesets, notakto). */
                            quotient: boolean;
                            moves_complete: boolean;
                            example: components["schemas"]["Game"];
                        }[];
                        /** @description What every route shares - max_moves' default and most, the most positions of a batch, the most bytes of one answer, the seconds one request may compute and the MiB it may hold at once - its parsed body, the SG tables it uses or grows, its searches (0 - no limit; a request past either is a 422 naming max_request_seconds or max_request_mb, and its work stops when its client goes away). */
                        query: {
                            max_moves_default: number;
                            max_moves_limit: number;
                            max_batch: number;
                            max_response_bytes: number;
                            /** @description An answer listing positions takes at most 16 MiB plus this many times its request's body (0 - max_response_bytes alone). */
                            max_response_ratio: number;
                            max_request_seconds: number;
                            max_request_mb: number;
                            /** @description Requests a second one client may make, in bursts of twice that (--rate-limit; 0 - no limit). */
                            rate_limit: number;
                        };
                    };
                };
            };
            429: components["responses"]["RateLimited"];
        };
    };
    tables: {
        parameters: {
            query?: {
                /** @description The first item of the list to give. */
                from?: number;
                /** @description How many items to give at most. */
                limit?: number;
                /** @description `string`: every field this document marks `format: int64` (heap sizes, takes, leaves, counts, bottles, numbers, pile and pair members, limits, `to` values, every `sg`, table values, `exact_up_to`) is written as a JSON string of its decimal digits, whatever its size. These fields may pass 2^53-1, past which JavaScript's `JSON.parse` rounds a number to the nearest double; a client that keeps them as strings (and reads them into BigInt) keeps them exact. Indices, node ids and a problem's `status` stay numbers. Without it integers are JSON numbers. A request may send any integer either way (a number, or a string of its decimal digits), as the protobuf JSON mapping allows. A GET answer with int64=string has its own ETag. */
                int64?: components["parameters"]["Int64"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of the list. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "tables": [
                     *         {
                     *           "kind": "octal",
                     *           "key": "octal:4!.0",
                     *           "size": 1048576,
                     *           "period": null,
                     *           "preperiod": null,
                     *           "bytes": 1048664,
                     *           "where": "store",
                     *           "file": "octal-10ca3b160a1c207d-00000000000001048576.nbt"
                     *         }
                     *       ],
                     *       "from": 0,
                     *       "limit": 100,
                     *       "total": 1,
                     *       "next_from": null
                     *     }
                     */
                    "application/json": {
                        tables: {
                            /** @description The table's kind (octal, subtraction, quotient, cram; for a cached table, its key's prefix: cutting, chomp, ...). */
                            kind: string;
                            /** @description The canonical key of its ruleset (octal:4!.0 is Grundy's game). */
                            key: string;
                            /** @description Values it holds (a quotient: the two-byte values of its packed form; null for a kind the store does not keep). */
                            size: number | null;
                            /** @description The period when it is proved. */
                            period: number | null;
                            /** @description Where the period starts when it is proved. */
                            preperiod: number | null;
                            /** @description Bytes it takes: in memory (cache) or on disk (store). */
                            bytes: number;
                            /** @enum {string} */
                            where: "cache" | "store";
                            /** @description A cached table whose values were read from a table store file (cache only; the name is kept from when files were mapped). */
                            mapped?: boolean;
                            /** @description The file's name in the table directory (store only). */
                            file?: string;
                        }[];
                        from: number;
                        limit: number;
                        /** @description Items in the whole list. */
                        total: number;
                        /** @description The next page's from; null on the last page. */
                        next_from: number | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            429: components["responses"]["RateLimited"];
        };
    };
    healthz: {
        parameters: {
            query?: {
                /** @description `string`: every field this document marks `format: int64` (heap sizes, takes, leaves, counts, bottles, numbers, pile and pair members, limits, `to` values, every `sg`, table values, `exact_up_to`) is written as a JSON string of its decimal digits, whatever its size. These fields may pass 2^53-1, past which JavaScript's `JSON.parse` rounds a number to the nearest double; a client that keeps them as strings (and reads them into BigInt) keeps them exact. Indices, node ids and a problem's `status` stay numbers. Without it integers are JSON numbers. A request may send any integer either way (a number, or a string of its decimal digits), as the protobuf JSON mapping allows. A GET answer with int64=string has its own ETag. */
                int64?: components["parameters"]["Int64"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["Ok"];
        };
    };
    readyz: {
        parameters: {
            query?: {
                /** @description `string`: every field this document marks `format: int64` (heap sizes, takes, leaves, counts, bottles, numbers, pile and pair members, limits, `to` values, every `sg`, table values, `exact_up_to`) is written as a JSON string of its decimal digits, whatever its size. These fields may pass 2^53-1, past which JavaScript's `JSON.parse` rounds a number to the nearest double; a client that keeps them as strings (and reads them into BigInt) keeps them exact. Indices, node ids and a problem's `status` stay numbers. Without it integers are JSON numbers. A request may send any integer either way (a number, or a string of its decimal digits), as the protobuf JSON mapping allows. A GET answer with int64=string has its own ETag. */
                int64?: components["parameters"]["Int64"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["Ok"];
            503: components["responses"]["Overloaded"];
        };
    };
    metrics: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Text exposition format 0.0.4. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": string;
                };
            };
        };
    };
    openapi: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OpenAPI 3.1. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/yaml": string;
                };
            };
            429: components["responses"]["RateLimited"];
        };
    };
    docs: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The page. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            429: components["responses"]["RateLimited"];
        };
    };
    docsFile: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                file: "nimber-docs.js" | "swagger-ui-bundle.js" | "swagger-ui.css" | "LICENSE" | "NOTICE";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The file. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/javascript": string;
                    "text/css": string;
                    "text/plain": string;
                };
            };
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
        };
    };
    problemType: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                kind: "malformed-json" | "invalid-field" | "unknown-type" | "unsupported-convention" | "invalid-query" | "malformed-request" | "not-implemented" | "limit-exceeded" | "illegal-move" | "unsolvable" | "not-found" | "method-not-allowed" | "unsupported-media-type" | "rate-limited" | "unavailable" | "uri-too-long" | "headers-too-large" | "http-version-not-supported" | "internal-error";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The kind's name, title and meaning. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": string;
                };
            };
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
        };
    };
    page: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The page. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            429: components["responses"]["RateLimited"];
        };
    };
    pageModule: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description the module's path under js/, such as main.js or boards/octal.js */
                module: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description JavaScript. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/javascript": string;
                };
            };
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
        };
    };
    pageStyle: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description CSS. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/css": string;
                };
            };
            429: components["responses"]["RateLimited"];
        };
    };
    pageIcon: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description SVG. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "image/svg+xml": string;
                };
            };
            429: components["responses"]["RateLimited"];
        };
    };
}
