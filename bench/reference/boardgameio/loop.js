// The reference closed loop of `python -m bench reference`, the same loop as `bench live`: a
// player moves, then waits until every client of the match (both players and S spectators)
// holds the new state, then moves again. Players are socket.io clients; spectators are lean
// Engine.IO websocket clients that read only `_stateID` from each update, as the live bench's
// Watchers read only `v`. Usage: node loop.js PORT API_PORT SPECTATORS ACTIONS SERVER_PID → one line of JSON.
const { io } = require("socket.io-client");
const fs = require("fs");
const WebSocket = require("ws");

const [port, apiPort, spectatorCount, actionCount, serverPid] = process.argv.slice(2).map(Number);
const base = `http://127.0.0.1:${port}`;
const api = `http://127.0.0.1:${apiPort}`;
const STATE_ID = /"_stateID":(\d+)/g;

async function post(path, body) {
  const response = await fetch(api + path, {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return response.json();
}

// What the loop waits on: the stateID a client holds and a resolver per awaited stateID.
class Tracked {
  constructor() { this.stateID = -1; this.waiters = new Map(); this.bytes = []; }
  reached(stateID, size) {
    if (size) this.bytes.push(size);
    this.stateID = Math.max(this.stateID, stateID);
    for (const [wanted, resolve] of this.waiters) {
      if (this.stateID >= wanted) { this.waiters.delete(wanted); resolve(performance.now()); }
    }
  }
  reach(stateID) {
    if (this.stateID >= stateID) return Promise.resolve(performance.now());
    return new Promise((resolve) => this.waiters.set(stateID, resolve));
  }
}

class Player extends Tracked {
  constructor(matchID, playerID, credentials) {
    super();
    Object.assign(this, { matchID, playerID, credentials, state: null });
  }
  open() {
    this.socket = io(`${base}/duel`, { transports: ["websocket"] });
    return new Promise((resolve) => {
      this.socket.on("sync", (_, info) => { this.state = info.state; this.reached(info.state._stateID); resolve(); });
      this.socket.on("update", (_, state) => { this.state = state; this.reached(state._stateID); });
      this.socket.emit("sync", this.matchID, this.playerID, this.credentials, 2);
    });
  }
  move(cell) {
    const action = { type: "MAKE_MOVE", payload: { type: "mark", args: [cell], playerID: this.playerID, credentials: this.credentials } };
    this.socket.emit("update", action, this.state._stateID, this.matchID, this.playerID);
  }
}

class Watcher extends Tracked {
  constructor(matchID) { super(); this.matchID = matchID; }
  open() {
    this.ws = new WebSocket(`ws://127.0.0.1:${port}/socket.io/?EIO=4&transport=websocket`);
    return new Promise((resolve, reject) => {
      this.ws.on("error", reject);
      this.ws.on("message", (data) => {
        const text = data.toString();
        if (text === "2") { this.ws.send("3"); return; }                  // Engine.IO ping
        if (text.startsWith("0")) { this.ws.send("40/duel,"); return; }     // open → namespace
        if (text.startsWith("40/duel,")) {
          this.ws.send(`42/duel,${JSON.stringify(["sync", this.matchID, null, null, 2])}`);
          return;
        }
        if (text.startsWith('42/duel,["sync"') || text.startsWith('42/duel,["update"')) {
          let best = -1;
          for (const m of text.matchAll(STATE_ID)) best = Math.max(best, Number(m[1]));
          const isUpdate = text.startsWith('42/duel,["update"');
          if (isUpdate) this.reached(best, text.length); else { this.viewBytes = text.length; this.reached(best); resolve(); }
        }
      });
    });
  }
}

// User + system CPU seconds of the server process, as the live bench reads daphne's.
function serverCpuSeconds() {
  const fields = fs.readFileSync(`/proc/${serverPid}/stat`, "utf8").split(")").pop().trim().split(/\s+/);
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

function percentile(values, q) {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] * 100) / 100;
}

async function main() {
  const { matchID } = await post("/games/duel/create", { numPlayers: 2 });
  const players = [];
  for (const playerID of ["0", "1"]) {
    const { playerCredentials } = await post(`/games/duel/${matchID}/join`, { playerID, playerName: `p${playerID}` });
    players.push(new Player(matchID, playerID, playerCredentials));
  }
  await Promise.all(players.map((p) => p.open()));
  const watchers = Array.from({ length: spectatorCount }, () => new Watcher(matchID));
  for (let i = 0; i < watchers.length; i += 50) await Promise.all(watchers.slice(i, i + 50).map((w) => w.open()));
  const everyone = [...players, ...watchers];
  const lasts = [];
  const cpuStart = process.cpuUsage();
  const serverStart = serverCpuSeconds();
  const start = performance.now();
  for (let n = 0; n < actionCount; n++) {
    const mover = players.find((p) => p.state.ctx.currentPlayer === p.playerID);
    const target = Math.max(...everyone.map((c) => c.stateID)) + 1;
    const reached = everyone.map((c) => c.reach(target));
    const t0 = performance.now();
    mover.move(n % 16);
    const times = await Promise.race([
      Promise.all(reached),
      new Promise((_, reject) => setTimeout(() => reject(new Error(`clients behind ${target} after 30 s`)), 30000)),
    ]);
    lasts.push(Math.max(...times) - t0);
  }
  const elapsed = (performance.now() - start) / 1000;
  const cpu = process.cpuUsage(cpuStart);
  const serverCpu = serverCpuSeconds() - serverStart;
  const bytes = watchers.flatMap((w) => w.bytes);
  console.log(JSON.stringify({
    actions: actionCount, spectators_per_game: spectatorCount,
    actions_per_s: Math.round((actionCount / elapsed) * 10) / 10,
    act_to_last_client_ms: { p50: percentile(lasts, 0.5), p99: percentile(lasts, 0.99) },
    bytes_per_update: bytes.length ? Math.round(bytes.reduce((a, b) => a + b, 0) / bytes.length) : null,
    bytes_per_full_view: watchers.length ? watchers[0].viewBytes : null,
    server_cpu_ms_per_action: Math.round((serverCpu * 1000 / actionCount) * 100) / 100,
    client_cpu_ms_per_action: Math.round(((cpu.user + cpu.system) / 1000 / actionCount) * 100) / 100,
  }));
  for (const p of players) p.socket.close();
  for (const w of watchers) w.ws.close();
}

main().then(() => process.exit(0), (error) => { console.error(error); process.exit(1); });
