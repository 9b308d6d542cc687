/* A Wolves & Sheep player for weightforge's engine protocol, in C (docs/engine-protocol.md).
 * The features of examples/engines/wolves_sheep.py, a one-ply search, and `eval`.
 * Build: cc -O2 -o wolves_sheep wolves_sheep.c   (C99, standard library only) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *NAMES[] = {"SHEEP_TAKEN", "WOLF_ROOM", "THREAT", "SHEEP_DEPTH", "SHEEP_WALL"};
static const double DEFAULTS[] = {100, -12, 30, 3, 2};
static const double LO[] = {0, -40, -100, -20, -20}, HI[] = {400, 40, 100, 20, 20};
static double k[5];
static char board[26], side = 'w', role = 'w';
static const int DR[] = {-1, 1, 0, 0}, DC[] = {0, 0, -1, 1};

static int at(int r, int c) { return r >= 0 && r < 5 && c >= 0 && c < 5 ? r * 5 + c : -1; }

static double evaluate(const char *b) {
    int sheep = 0, room = 0, threats = 0, depth = 0, wall = 0;
    for (int sq = 0; sq < 25; sq++) {
        int r = sq / 5, c = sq % 5;
        for (int d = 0; d < 4; d++) {
            int t = at(r + DR[d], c + DC[d]), l = at(r + 2 * DR[d], c + 2 * DC[d]);
            if (b[sq] == 'W' && t >= 0 && b[t] == '.') room++;
            if (b[sq] == 'W' && l >= 0 && b[t] == '.' && b[l] == 'S') threats++;
        }
        if (b[sq] == 'S') {
            int beside = 0;
            sheep++;
            depth += r;
            for (int d = 0; d < 4; d++) {
                int t = at(r + DR[d], c + DC[d]);
                if (t >= 0 && b[t] == 'S') beside = 1;
            }
            wall += beside;
        }
    }
    return k[0] * (10 - sheep) + k[1] * room + k[2] * threats - k[3] * depth - k[4] * wall;
}

/* Best move for `side` by one ply of `evaluate` (ties: the first). */
static void go(void) {
    double best = -1e18;
    int bf = -1, bt = -1;
    char who = side == 'w' ? 'W' : 'S';
    for (int sq = 0; sq < 25; sq++) {
        if (board[sq] != who) continue;
        for (int d = 0; d < 4; d++) {
            for (int step = 1; step <= (who == 'W' ? 2 : 1); step++) {
                int t = at(sq / 5 + step * DR[d], sq % 5 + step * DC[d]);
                if (t < 0) continue;
                int ok = step == 1 ? board[t] == '.'
                                   : board[at(sq / 5 + DR[d], sq % 5 + DC[d])] == '.' && board[t] == 'S';
                if (!ok) continue;
                char b[26];
                memcpy(b, board, 26);
                b[t] = b[sq];
                b[sq] = '.';
                double v = evaluate(b) * (side == 'w' ? 1 : -1);
                if (v > best) best = v, bf = sq, bt = t;
            }
        }
    }
    printf("move %d%d-%d%d\n", bf / 5, bf % 5, bt / 5, bt % 5);
}

int main(void) {
    static char line[4096];
    memcpy(k, DEFAULTS, sizeof k);
    while (fgets(line, sizeof line, stdin)) {
        char a[64], b[64];
        if (!strncmp(line, "weightforge", 11)) {
            printf("id name wolves_sheep.c\n");
            for (int i = 0; i < 5; i++) printf("weight %s %g %g %g\n", NAMES[i], DEFAULTS[i], LO[i], HI[i]);
            printf("ready\n");
        } else if (sscanf(line, "newgame %63s %63s", a, b) == 2) {
            role = b[0] == 'w' ? 'w' : 's';
        } else if (sscanf(line, "set %63s %63s", a, b) == 2) {
            for (int i = 0; i < 5; i++)
                if (!strcmp(a, NAMES[i])) k[i] = strtod(b, NULL);
        } else if (sscanf(line, "position %63s %63s", a, b) == 2) {
            int n = 0;
            for (char *p = a; *p && n < 25; p++)
                if (*p != '/') board[n++] = *p;
            board[25] = 0;
            side = b[0];
        } else if (!strncmp(line, "eval", 4)) {
            double v = evaluate(board);
            printf("score %.17g\n", role == 'w' ? v : -v);
        } else if (!strncmp(line, "go", 2)) {
            go();
        } else if (!strncmp(line, "quit", 4)) {
            break;
        }
        fflush(stdout);
    }
    return 0;
}
