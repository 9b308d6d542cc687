"""Abalone AI -- COMP 3981 project (61-cell hexagon, 14 marbles a side).

Written the way a course team's player usually is (this file knows nothing of
weightforge): the board is the team's dictionary, a state space generator lists every
legal move, plain minimax with alpha-beta to a fixed depth (captures tried first, nothing
else: no transposition table, no iterative deepening), and the "GuaraAI" heuristic of the
team's report. About 250 lines, standard library only.

Board: a dict keyed by (letter, number), both ints: letter A = 1 (the bottom row, 5
cells) to I = 9 (the top row), number 1 to 9 along the diagonals; the value is "b" or "w",
empty cells are not in it. Black starts at the bottom and moves first. Marbles pushed off
= 14 minus the marbles of that colour on the board; six pushed off wins.

A move is (marbles, direction, pushed): the moving marbles (trailing marble first for an
inline move, lowest cell first for a side-step), the clock direction 1, 3, 5, 7, 9 or 11,
and how many opponent marbles it pushes (0 for a plain move).

GuaraAI: 25 x marbles pushed off (opponent's minus own), 4 x the concentric-ring score
(a marble scores 4 on the centre E5, 3 on the ring around it, ... 0 on the edge; own minus
opponent), 1 x coherence (adjacent own-marble pairs, found by DFS; own minus opponent).
Seen from the AI's own colour: higher is better for it.

Depth: DEPTH = 2, measured in CPython 3.11 on the 2-core test machine (a compiler busy
on the other core): 0.03 s a move at the standard start; 0.07 s on average over 300
moves of three 100-ply games against itself (0.08 s over plies 20-79, the slowest 0.24 s).
Depth 3 took 0.29 s at the start but 1.2 s on average over a 40-ply game (up to 5 s).
"""
import random

# Heuristic weights (the team's report, "GuaraAI").
OFF_GRID = 25       # per marble pushed off the board
POSITION = 4        # per point of the concentric-circles score
COHERENCE = 1       # per pair of adjacent own marbles

WIN_SCORE = 100000
DEPTH = 2
MARBLES = 14
PUSHED_OFF_TO_WIN = 6

# Clock direction -> (letter, number) step (the report's transition model).
DIRECTIONS = {1: (1, 1), 3: (0, 1), 5: (-1, 0), 7: (-1, -1), 9: (0, -1), 11: (1, 0)}
OPPOSITE = {1: 7, 3: 9, 5: 11, 7: 1, 9: 3, 11: 5}
# A line of 2-3 marbles is listed once: from its lowest cell, along 1, 3 or 11.
LINE_DIRECTIONS = (1, 3, 11)

CELLS = [(l, n) for l in range(1, 10) for n in range(1, 10) if abs(l - n) <= 4]
ON_BOARD = set(CELLS)


def ring(cell):
    """0 for E5, 1 for the six cells around it, ... 4 for the edge."""
    dl, dn = cell[0] - 5, cell[1] - 5
    return max(abs(dl), abs(dn), abs(dl - dn))


RING_SCORE = {cell: 4 - ring(cell) for cell in CELLS}

STANDARD = {}
for _n in range(1, 6):
    STANDARD[(1, _n)], STANDARD[(9, _n + 4)] = "b", "w"
for _n in range(1, 7):
    STANDARD[(2, _n)], STANDARD[(8, _n + 3)] = "b", "w"
for _n in range(3, 6):
    STANDARD[(3, _n)], STANDARD[(7, _n + 2)] = "b", "w"


def step(cell, direction, k=1):
    dl, dn = DIRECTIONS[direction]
    return (cell[0] + k * dl, cell[1] + k * dn)


def other(colour):
    return "w" if colour == "b" else "b"


def pushed_off(board, colour):
    """How many marbles of `colour` have been pushed off."""
    return MARBLES - sum(1 for v in board.values() if v == colour)


def winner(board):
    for colour in ("b", "w"):
        if pushed_off(board, colour) >= PUSHED_OFF_TO_WIN:
            return other(colour)
    return None


# ---------------------------------------------------------------- state space generator

def inline_move(board, colour, cell, direction):
    """The inline move whose trailing marble is `cell`, or None if it is illegal."""
    group = [cell]
    ahead = step(cell, direction)
    while board.get(ahead) == colour:
        if len(group) == 3:
            return None                     # four in a row cannot move from the tail
        group.append(ahead)
        ahead = step(ahead, direction)
    if ahead not in ON_BOARD:
        return None                         # never push your own marble off
    if ahead not in board:
        return (group, direction, 0)
    # Sumito: count the opponent marbles in front.
    pushed = 0
    while board.get(ahead) == other(colour):
        pushed += 1
        ahead = step(ahead, direction)
    if pushed >= len(group) or board.get(ahead) == colour:
        return None                         # not outnumbered, or blocked by own marble
    return (group, direction, pushed)


def side_steps(board, colour, cell):
    """Side-steps of the lines of 2 and 3 marbles that start at `cell`."""
    moves = []
    for line in LINE_DIRECTIONS:
        for size in (2, 3):
            group = [step(cell, line, k) for k in range(size)]
            if any(board.get(c) != colour for c in group):
                break
            for direction in DIRECTIONS:
                if direction in (line, OPPOSITE[line]):
                    continue
                targets = [step(c, direction) for c in group]
                if all(t in ON_BOARD and t not in board for t in targets):
                    moves.append((group, direction, 0))
    return moves


def generate_moves(board, colour):
    """Every legal move of `colour`."""
    moves = []
    for cell, v in board.items():
        if v != colour:
            continue
        for direction in DIRECTIONS:
            move = inline_move(board, colour, cell, direction)
            if move is not None:
                moves.append(move)
        moves.extend(side_steps(board, colour, cell))
    return moves


def is_capture(move):
    """Does the move push a marble off the board?"""
    group, direction, pushed = move
    return pushed > 0 and step(group[-1], direction, pushed + 1) not in ON_BOARD


def apply_move(board, move):
    """The board after `move` (a new dictionary; `board` is left alone)."""
    group, direction, pushed = move
    new = dict(board)
    colour = board[group[0]]
    front = step(group[-1], direction)
    for k in range(pushed - 1, -1, -1):     # the farthest opponent marble first
        cell = step(front, direction, k)
        del new[cell]
        target = step(cell, direction)
        if target in ON_BOARD:
            new[target] = other(colour)
    for cell in group:
        del new[cell]
    for cell in group:
        new[step(cell, direction)] = colour
    return new


# ---------------------------------------------------------------- heuristic (GuaraAI)

def positional(board, colour):
    return sum(RING_SCORE[c] for c, v in board.items() if v == colour)


def coherence(board, colour):
    """DFS over each group of `colour`, a bonus for every adjacent marble of the same
    colour; each pair is met from both of its ends, hence the halving."""
    seen, bonus = set(), 0
    for start, v in board.items():
        if v != colour or start in seen:
            continue
        seen.add(start)
        stack = [start]
        while stack:
            cell = stack.pop()
            for direction in DIRECTIONS:
                nxt = step(cell, direction)
                if board.get(nxt) == colour:
                    bonus += 1
                    if nxt not in seen:
                        seen.add(nxt)
                        stack.append(nxt)
    return bonus // 2


class AIPlayer:
    def __init__(self, colour):
        self.colour = colour        # "b" or "w"
        self.nodes = 0

    def evaluate(self, board):
        me, you = self.colour, other(self.colour)
        score = OFF_GRID * (pushed_off(board, you) - pushed_off(board, me))
        score += POSITION * (positional(board, me) - positional(board, you))
        score += COHERENCE * (coherence(board, me) - coherence(board, you))
        return score

    def ordered_moves(self, board, colour):
        moves = generate_moves(board, colour)
        moves.sort(key=lambda m: not is_capture(m))     # captures first
        return moves

    def minimax(self, board, depth, alpha, beta, to_move):
        self.nodes += 1
        won = winner(board)
        if won is not None:
            return WIN_SCORE + depth if won == self.colour else -WIN_SCORE - depth
        if depth == 0:
            return self.evaluate(board)
        moves = self.ordered_moves(board, to_move)
        if to_move == self.colour:
            best = -10 * WIN_SCORE
            for move in moves:
                best = max(best, self.minimax(apply_move(board, move), depth - 1,
                                              alpha, beta, other(to_move)))
                alpha = max(alpha, best)
                if alpha >= beta:
                    break
        else:
            best = 10 * WIN_SCORE
            for move in moves:
                best = min(best, self.minimax(apply_move(board, move), depth - 1,
                                              alpha, beta, other(to_move)))
                beta = min(beta, best)
                if alpha >= beta:
                    break
        return best

    def get_move(self, board, depth=None):
        depth = depth or DEPTH
        moves = generate_moves(board, self.colour)
        random.shuffle(moves)                           # random among equal moves
        moves.sort(key=lambda m: not is_capture(m))
        best_move, best_score = None, -10 * WIN_SCORE
        for move in moves:
            score = self.minimax(apply_move(board, move), depth - 1,
                                 best_score, 10 * WIN_SCORE, other(self.colour))
            if best_move is None or score > best_score:
                best_move, best_score = move, score
        return best_move


def perft(board, colour, depth):
    """Number of move sequences of length `depth` (to check the generator)."""
    if depth == 0:
        return 1
    return sum(perft(apply_move(board, m), other(colour), depth - 1)
               for m in generate_moves(board, colour))


if __name__ == "__main__":
    for d in (1, 2, 3):
        print("perft", d, perft(STANDARD, "b", d))     # 44, 1936, 98912
