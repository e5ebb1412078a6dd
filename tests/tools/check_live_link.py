#!/usr/bin/env python3
"""End-to-end test of the live link (issue #30): starts the real `mosaic-run SCENE --listen 0`
headless, talks JSON-RPC over a TCP socket as any client would, and checks list, get, set,
a pushed change notification, pause/step and error replies. Exits non-zero on the first
failed check (or when mosaic-run dies or prints a sanitizer report).

    check_live_link.py MOSAIC_RUN SCENE
"""
import json
import socket
import subprocess
import sys


def fail(message):
    print("FAIL: " + message)
    sys.exit(1)


def main():
    mosaic_run, scene = sys.argv[1], sys.argv[2]
    game = subprocess.Popen([mosaic_run, scene, "--listen", "0"], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    try:
        first = game.stdout.readline()
        if "listening on 127.0.0.1:" not in first:
            fail("no 'listening on' line: " + first + game.stderr.read())
        port = int(first.split("127.0.0.1:")[1].split()[0])
        sock = socket.create_connection(("127.0.0.1", port), timeout=20)
        stream = sock.makefile("rw")
        counter = [0]

        def send(line):
            stream.write(line + "\n")
            stream.flush()

        def receive():
            line = stream.readline()
            if not line:
                fail("connection closed; stderr: " + game.stderr.read())
            return json.loads(line)

        def rpc(method, **params):
            counter[0] += 1
            send(json.dumps({"jsonrpc": "2.0", "id": counter[0], "method": method,
                             "params": params}))
            reply = receive()
            while "id" not in reply:  # a notification arrived first
                reply = receive()
            if reply["id"] != counter[0]:
                fail("reply to %s has id %s" % (method, reply["id"]))
            return reply

        def ok(method, **params):
            reply = rpc(method, **params)
            if "result" not in reply:
                fail("%s: %s" % (method, reply))
            return reply["result"]

        # Out of order: nothing before hello.
        if rpc("entities.list").get("error", {}).get("code") != -32001:
            fail("entities.list before hello was not refused")
        hello = ok("hello")
        if hello["protocol"] != "mosaic-live" or hello["version"] != 1:
            fail("hello: " + str(hello))
        ok("game.pause")

        listed = ok("entities.list")
        if listed["total"] != 2:
            fail("entities.list: expected 2 entities, got " + str(listed))
        movers = ok("query", query="RigidBody, !Team")["entities"]
        if len(movers) != 1:
            fail("query RigidBody, !Team: " + str(movers))
        mover = movers[0]
        got = ok("entity.get", id=mover, components=["Health"])
        if got["components"]["Health"]["current"] != 50.0:
            fail("entity.get: " + str(got))

        ok("component.set", id=mover, component="Health", value={"current": 7})
        if ok("entity.get", id=mover)["components"]["Health"]["current"] != 7.0:
            fail("component.set did not change Health.current")

        # Subscribe: the first push carries the current values, a step pushes the move.
        ok("subscribe", ids=[mover], components=["Transform"])
        first_push = receive()
        if first_push.get("method") != "changed":
            fail("expected a 'changed' notification, got " + str(first_push))
        x0 = first_push["params"]["entities"][0]["components"]["Transform"]["position"][0]
        tick = ok("game.step")["tick"]
        pushed = receive()
        while pushed.get("method") != "changed":
            pushed = receive()
        x1 = pushed["params"]["entities"][0]["components"]["Transform"]["position"][0]
        if not x1 > x0 or pushed["params"]["tick"] != tick + 1:
            fail("after a step: x %s -> %s, tick %s -> %s" % (x0, x1, tick,
                                                              pushed["params"]["tick"]))

        # Bad messages get error replies and the connection goes on.
        send("this is not json")
        if receive().get("error", {}).get("code") != -32700:
            fail("no parse error reply")
        send(json.dumps({"jsonrpc": "2.0", "id": 99, "method": "no.such"}))
        if receive().get("error", {}).get("code") != -32601:
            fail("no method-not-found reply")
        if rpc("game.step", ticks="x").get("result") is None:
            pass  # unknown params are ignored; the step itself is valid while paused
        timings = ok("systems.timings")
        if not timings["systems"]:
            fail("systems.timings listed no systems")
        sock.close()
    finally:
        game.terminate()
        try:
            _, err = game.communicate(timeout=20)
        except subprocess.TimeoutExpired:
            game.kill()
            fail("mosaic-run did not stop on SIGTERM")
    if game.returncode != 0:
        fail("mosaic-run exited with %d: %s" % (game.returncode, err))
    if "runtime error" in err or "AddressSanitizer" in err:
        fail("sanitizer report: " + err)
    print("live link: ok")


if __name__ == "__main__":
    main()
