// The reference server of `python -m bench reference`: boardgame.io's own Server (Koa +
// socket.io) with its PostgreSQL storage adapter, playing a duel as small as the live bench's
// toy duel. Usage: node server.js PORT API_PORT DATABASE_URL (the lobby API on its own port:
// with the Koa release npm installs today, routes added after socket.io attached to the app
// are never reached on the game port).
const { Server } = require("boardgame.io/server");
const { PostgresStore } = require("bgio-postgres");

const CELLS = 16;

// Two players take turns marking a cell (one move per turn), as the toy duel's seats take turns
// moving: the point is the server's path, not the game.
const Duel = {
  name: "duel",
  setup: () => ({ cells: Array(CELLS).fill(null), marks: 0 }),
  turn: { minMoves: 1, maxMoves: 1 },
  moves: {
    mark: ({ G, ctx }, cell) => {
      G.cells[cell] = G.cells[cell] === ctx.currentPlayer ? null : ctx.currentPlayer;
      G.marks += 1;
    },
  },
};

const [port, apiPort, url] = process.argv.slice(2);
const server = Server({ games: [Duel], db: new PostgresStore(url, { logging: false }) });
server.run({ port: Number(port), lobbyConfig: { apiPort: Number(apiPort) } },
           () => console.log(`listening ${port}`));
