"""Wolves & Sheep AI -- course assignment (5x5 board, 2 wolves vs 10 sheep).

Written the way a course player usually is (this file knows nothing of weightforge):
a board as a list of lists, plain minimax with alpha-beta (no move ordering, no
transposition table), one heuristic per side with hand-picked weights. The wolves
search 4 plies, the sheep 3. About 150 lines, standard library only.

Board: board[row][col] is 'W', 'S' or '.', row 0 at the top (the sheep start on rows 0
and 1, the wolves on row 4). A move is ((row, col), (row, col)).
"""
import random

# Heuristic weights, tuned by hand over a few evenings.
# wolves
EAT_BONUS = 60          # per sheep eaten
WOLF_MOBILITY = 5       # per move the wolves have
CAPTURE_CHANCE = 20     # per capture available right now
EDGE_PENALTY = 8        # per wolf on the edge of the board
WOLF_GAP = 3            # per square of distance between the two wolves
# sheep
SHEEP_ALIVE = 50        # per sheep still on the board
BLOCKING = 7            # per wolf move taken away
SHEEP_IN_DANGER = 25    # per sheep a wolf can jump onto
TOGETHER = 4            # per sheep with a friend next to it

WIN_SCORE = 100000
WOLF_DEPTH = 4
SHEEP_DEPTH = 3
SIZE = 5
DIRECTIONS = [(-1, 0), (1, 0), (0, -1), (0, 1)]


def inside(r, c):
    return 0 <= r < SIZE and 0 <= c < SIZE


def find(board, piece):
    return [(r, c) for r in range(SIZE) for c in range(SIZE) if board[r][c] == piece]


def wolf_moves(board):
    moves = []
    for (r, c) in find(board, 'W'):
        for dr, dc in DIRECTIONS:
            if inside(r + dr, c + dc) and board[r + dr][c + dc] == '.':
                moves.append(((r, c), (r + dr, c + dc)))
            if (inside(r + 2 * dr, c + 2 * dc) and board[r + dr][c + dc] == '.'
                    and board[r + 2 * dr][c + 2 * dc] == 'S'):
                moves.append(((r, c), (r + 2 * dr, c + 2 * dc)))
    return moves


def sheep_moves(board):
    moves = []
    for (r, c) in find(board, 'S'):
        for dr, dc in DIRECTIONS:
            if inside(r + dr, c + dc) and board[r + dr][c + dc] == '.':
                moves.append(((r, c), (r + dr, c + dc)))
    return moves


def captures(board):
    return [m for m in wolf_moves(board)
            if board[m[1][0]][m[1][1]] == 'S']


def do_move(board, move):
    (r1, c1), (r2, c2) = move
    new = [row[:] for row in board]
    new[r2][c2] = new[r1][c1]
    new[r1][c1] = '.'
    return new


def winner(board):
    if len(find(board, 'S')) <= 2:
        return 'wolves'
    for (r, c) in find(board, 'W'):
        for dr, dc in DIRECTIONS:
            if inside(r + dr, c + dc) and board[r + dr][c + dc] == '.':
                return None
    return 'sheep'


def wolves_heuristic(board):
    sheep = find(board, 'S')
    wolves = find(board, 'W')
    score = 0
    score += (10 - len(sheep)) * EAT_BONUS
    score += len(wolf_moves(board)) * WOLF_MOBILITY
    score += len(captures(board)) * CAPTURE_CHANCE
    for (r, c) in wolves:
        if r in (0, SIZE - 1) or c in (0, SIZE - 1):
            score -= EDGE_PENALTY
    if len(wolves) == 2:
        (r1, c1), (r2, c2) = wolves
        score += (abs(r1 - r2) + abs(c1 - c2)) * WOLF_GAP
    return score


def sheep_heuristic(board):
    sheep = find(board, 'S')
    score = 0
    score += len(sheep) * SHEEP_ALIVE
    score += (8 - len(wolf_moves(board))) * BLOCKING
    danger = set(m[1] for m in captures(board))
    score -= len(danger) * SHEEP_IN_DANGER
    for (r, c) in sheep:
        for dr, dc in DIRECTIONS:
            if inside(r + dr, c + dc) and board[r + dr][c + dc] == 'S':
                score += TOGETHER
                break
    return score


class AIPlayer:
    def __init__(self, role):
        self.role = role  # 'wolves' or 'sheep'
        self.depth = WOLF_DEPTH if role == 'wolves' else SHEEP_DEPTH
        self.nodes = 0

    def evaluate(self, board):
        if self.role == 'wolves':
            return wolves_heuristic(board)
        return sheep_heuristic(board)

    def moves_for(self, board, side):
        return wolf_moves(board) if side == 'wolves' else sheep_moves(board)

    def minimax(self, board, depth, alpha, beta, side):
        self.nodes += 1
        win = winner(board)
        if win is not None:
            return WIN_SCORE + depth if win == self.role else -WIN_SCORE - depth
        if depth == 0:
            return self.evaluate(board)
        other = 'sheep' if side == 'wolves' else 'wolves'
        moves = self.moves_for(board, side)
        if side == self.role:
            best = -10 * WIN_SCORE
            for m in moves:
                best = max(best, self.minimax(do_move(board, m), depth - 1, alpha, beta, other))
                alpha = max(alpha, best)
                if beta <= alpha:
                    break
        else:
            best = 10 * WIN_SCORE
            for m in moves:
                best = min(best, self.minimax(do_move(board, m), depth - 1, alpha, beta, other))
                beta = min(beta, best)
                if beta <= alpha:
                    break
        return best

    def get_move(self, board, depth=None):
        depth = depth or self.depth
        other = 'sheep' if self.role == 'wolves' else 'wolves'
        moves = self.moves_for(board, self.role)
        random.shuffle(moves)
        best_move, best_score = None, -10 * WIN_SCORE
        for m in moves:
            score = self.minimax(do_move(board, m), depth - 1, best_score, 10 * WIN_SCORE, other)
            if best_move is None or score > best_score:
                best_move, best_score = m, score
        return best_move
