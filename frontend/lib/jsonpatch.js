// A small RFC 6902 applier for the server's patches (add, remove, replace; move, copy and
// test too, for completeness). Returns a new document; the input is never changed.

function unescape(token) {
  return token.replace(/~1/g, "/").replace(/~0/g, "~");
}

function parsePointer(path) {
  if (path === "") return [];
  if (!path.startsWith("/")) throw new Error(`bad JSON pointer ${JSON.stringify(path)}`);
  return path.slice(1).split("/").map(unescape);
}

function clone(value) {
  return value === undefined ? undefined : structuredClone(value);
}

function parentOf(doc, tokens) {
  let node = doc;
  for (const token of tokens.slice(0, -1)) {
    if (node === null || typeof node !== "object" || !(token in node)) {
      throw new Error(`patch path does not exist: /${tokens.join("/")}`);
    }
    node = node[token];
  }
  return node;
}

function listIndex(list, token, forAdd) {
  if (forAdd && token === "-") return list.length;
  if (!/^(0|[1-9]\d*)$/.test(token)) throw new Error(`bad array index ${token}`);
  const index = Number(token);
  if (index > list.length || (!forAdd && index === list.length)) {
    throw new Error(`array index ${index} out of range`);
  }
  return index;
}

function getAt(doc, tokens) {
  let node = doc;
  for (const token of tokens) {
    if (node === null || typeof node !== "object" || !(token in node)) {
      throw new Error(`patch path does not exist: /${tokens.join("/")}`);
    }
    node = node[token];
  }
  return node;
}

function removeAt(doc, tokens) {
  const parent = parentOf(doc, tokens);
  const key = tokens[tokens.length - 1];
  if (Array.isArray(parent)) {
    const index = listIndex(parent, key, false);
    return parent.splice(index, 1)[0];
  }
  if (!(key in parent)) throw new Error(`cannot remove missing /${tokens.join("/")}`);
  const old = parent[key];
  delete parent[key];
  return old;
}

function addAt(doc, tokens, value) {
  if (tokens.length === 0) return value;
  const parent = parentOf(doc, tokens);
  const key = tokens[tokens.length - 1];
  if (Array.isArray(parent)) parent.splice(listIndex(parent, key, true), 0, value);
  else parent[key] = value;
  return doc;
}

/**
 * Apply RFC 6902 operations to a copy of `document`.
 * @param {any} document @param {Array<{op: string, path: string, value?: any, from?: string}>} ops
 */
export function applyPatch(document, ops) {
  let doc = clone(document);
  for (const op of ops) {
    const tokens = parsePointer(op.path);
    switch (op.op) {
      case "add":
        doc = addAt(doc, tokens, clone(op.value));
        break;
      case "remove":
        removeAt(doc, tokens);
        break;
      case "replace":
        if (tokens.length === 0) {
          doc = clone(op.value);
        } else {
          getAt(doc, tokens);
          const parent = parentOf(doc, tokens);
          const key = tokens[tokens.length - 1];
          parent[Array.isArray(parent) ? listIndex(parent, key, false) : key] = clone(op.value);
        }
        break;
      case "move": {
        const value = removeAt(doc, parsePointer(op.from));
        doc = addAt(doc, tokens, value);
        break;
      }
      case "copy":
        doc = addAt(doc, tokens, clone(getAt(doc, parsePointer(op.from))));
        break;
      case "test":
        if (JSON.stringify(getAt(doc, tokens)) !== JSON.stringify(op.value)) {
          throw new Error(`patch test failed at ${op.path}`);
        }
        break;
      default:
        throw new Error(`unknown patch op ${JSON.stringify(op.op)}`);
    }
  }
  return doc;
}
