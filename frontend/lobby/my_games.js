// "My games": the lobby socket says `games` when a table this player sits at changed or, in an
// async game, a move became theirs; the page then re-reads its lists (home.js keepCurrent).
import { keepCurrent } from "./home.js";

keepCurrent({ sections: ["#my-games"], nudges: ["games"], period: 30000 });
