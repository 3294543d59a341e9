// Dice verification in the browser (Web Crypto): recompute every roll of a finished game from
// its revealed seed and compare with the record. Same algorithms as engine/kernel/dice.py:
// v1 numbers each die of a game; v2 (a roll recorded with v: 2) names it by scope, key and i.

const SPACE = 1n << 64n;

function hexToBytes(hex) {
  if (!/^([0-9a-f]{2})*$/i.test(hex)) throw new Error("the seed is not hex");
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i += 1) bytes[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return bytes;
}

function bytesToHex(buffer) {
  return [...new Uint8Array(buffer)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** SHA-256 of the seed, hex: the commitment published when the game started. */
export async function commitment(seedHex) {
  return bytesToHex(await crypto.subtle.digest("SHA-256", hexToBytes(seedHex)));
}

async function hmacKey(seedHex) {
  return crypto.subtle.importKey("raw", hexToBytes(seedHex), { name: "HMAC", hash: "SHA-256" },
    false, ["sign"]);
}

/** Die number n with `sides` sides of game `gameUid`, using an imported HMAC key. */
export async function rollWithKey(key, gameUid, n, sides) {
  const limit = SPACE - (SPACE % BigInt(sides));
  for (let k = 0; ; k += 1) {
    const message = new TextEncoder().encode(`${gameUid}:${n}:${k}`);
    const mac = new DataView(await crypto.subtle.sign("HMAC", key, message));
    const x = mac.getBigUint64(0, false);
    if (x < limit) return Number(x % BigInt(sides)) + 1;
  }
}

/** The HMAC message of a v2 die: a tag, then each field as ";<UTF-8 length>:<UTF-8 text>". */
export function v2Message(gameUid, scope, key, i, k) {
  const encoder = new TextEncoder();
  const parts = [encoder.encode("salient-dice-v2")];
  for (const field of [gameUid, scope, key, String(i), String(k)]) {
    const data = encoder.encode(field);
    parts.push(encoder.encode(`;${data.length}:`), data);
  }
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) { out.set(part, at); at += part.length; }
  return out;
}

/** Die i of (scope, key) of a game (Dice v2), using an imported HMAC key. */
export async function rollV2WithKey(key, gameUid, scope, label, i, sides) {
  const limit = SPACE - (SPACE % BigInt(sides));
  for (let k = 0; ; k += 1) {
    const mac = new DataView(await crypto.subtle.sign("HMAC", key,
      v2Message(gameUid, scope, label, i, k)));
    const x = mac.getBigUint64(0, false);
    if (x < limit) return Number(x % BigInt(sides)) + 1;
  }
}

/** Die i of (scope, key) of a game (Dice v2), from the seed in hex. */
export async function rollV2(seedHex, gameUid, scope, label, i, sides) {
  return rollV2WithKey(await hmacKey(seedHex), gameUid, scope, label, i, sides);
}

/** Die number n of a game, from the seed in hex. */
export async function roll(seedHex, gameUid, n, sides) {
  return rollWithKey(await hmacKey(seedHex), gameUid, n, sides);
}

/**
 * Verify a finished game's record: the seed matches the commitment, and every recorded roll
 * is what the seed gives. Resolves to {ok, checked, problems: [...]}.
 */
export async function verifyRecord(record) {
  const problems = [];
  if (!record.seed) return { ok: false, checked: 0, problems: ["the record has no seed yet"] };
  if ((await commitment(record.seed)) !== record.commitment) {
    problems.push("the seed does not match the commitment made at the start");
  }
  const key = await hmacKey(record.seed);
  let checked = 0;
  for (const action of record.actions || []) {
    for (const die of action.rolls || []) {
      const expected = die.v === 2
        ? await rollV2WithKey(key, record.game_uid, die.scope, die.key, die.i, die.sides)
        : await rollWithKey(key, record.game_uid, die.n, die.sides);
      checked += 1;
      if (expected !== die.value) {
        const name = die.v === 2 ? `${die.n} (${die.key} #${die.i} of ${die.scope})` : `${die.n} (${die.purpose})`;
        problems.push(`action ${action.seq}: die ${name} shows ${die.value}, the seed gives ${expected}`);
      }
    }
  }
  return { ok: problems.length === 0, checked, problems };
}
