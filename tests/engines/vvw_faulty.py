#!/usr/bin/env python3
"""A Vampires vs Werewolves client that breaks the protocol, for `vvw arena` tests.

Usage: vvw_faulty.py KIND HOST PORT, KIND one of
  exit       exits at once without connecting;
  hang       never connects (sleeps a minute);
  silent     connects, sends NME, then never answers an UPD (every ply is late);
  garbage    connects, sends NME, answers the first UPD with bytes that are not MOV;
  disconnect connects, sends NME, closes the socket at the first UPD;
  illegal    connects, sends NME, answers the first UPD with a move from an empty cell.
"""
import socket
import sys
import time

KIND, HOST, PORT = sys.argv[1], sys.argv[2], int(sys.argv[3])
if KIND == "exit":
    sys.exit(3)
if KIND == "hang":
    time.sleep(60)
s = socket.create_connection((HOST, PORT), timeout=30)
s.sendall(b"NME\x06faulty")
seen = b""
while True:
    chunk = s.recv(4096)
    if not chunk:
        break
    seen += chunk
    if KIND == "silent" or b"UPD" not in seen:
        continue
    if KIND == "garbage":
        s.sendall(b"XYZ\x00")
    elif KIND == "disconnect":
        s.close()
        break
    elif KIND == "illegal":
        # One creature from the corner (0, 0) to (1, 1): a cell none of the test maps
        # gives our species.
        s.sendall(b"MOV\x01" + bytes([0, 0, 1, 1, 1]))
    time.sleep(0.05)
    seen = b""
time.sleep(0.1)
