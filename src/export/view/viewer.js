"use strict";
// xpgn view: puts together the boards that xpgn drew (the SVG fragments
// table; a last move's arrow from the frame's geometry table, see arrow)
// for the node being shown, and lists the moves. It knows no rule:
// every position string and drawing comes from xpgn's replay (a chess
// game's FEN is decoded from the board's pieces and the fields a node
// writes; see chessNodes).
(function () {
  const $ = (id) => document.getElementById(id);
  // One fragment a line, as the page holds them (no JSON string to decode).
  const fragments = $("xpgn-fragments").textContent.split("\n");
  const index = JSON.parse($("xpgn-index").textContent);
  // Each board frame's geometry, as xpgn's diagram writes it (see arrow).
  const geometry = JSON.parse($("xpgn-boards").textContent);
  // Chess cells' fragments by key (see chessNodes) and the facts panels.
  const chess = JSON.parse($("xpgn-chess").textContent);
  const chessCells = [];
  for (let j = 0; j + 1 < chess.cells.length; j += 2) chessCells[chess.cells[j]] = chess.cells[j + 1];
  const LETTERS = " PNBRQKpnbrqk";
  const NAGS = { 1: "!", 2: "?", 3: "!!", 4: "??", 5: "!?", 6: "?!", 7: "\u25A1", 10: "=", 13: "\u221E", 14: "\u2A72", 15: "\u2A71", 16: "\u00B1", 17: "\u2213", 18: "+\u2212", 19: "\u2212+" };
  const SEVERITY = { error: 3, warning: 2, note: 1 };
  let game = null;   // the open game's data
  let gameNo = -1;   // its index on the page
  let children = []; // children of each node, first = main continuation
  let cur = 0;       // the node shown
  let moveSpans = [];

  function el(tag, cls, text) {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  }

  // The board of node `n`: the root's cells changed by each node on the way.
  function board(n) {
    const path = [];
    for (let k = n; k >= 0; k = game.nodes[k].p) path.push(k);
    const cells = [];
    for (let i = path.length - 1; i >= 0; i--) {
      const d = game.nodes[path[i]].d;
      for (let j = 0; j + 1 < d.length; j += 2) cells[d[j]] = d[j + 1];
    }
    const node = game.nodes[n];
    let svg = fragments[game.frame] || "";
    for (const f of cells) if (f !== undefined) svg += fragments[f];
    if (node.a !== null && node.a !== undefined) svg += arrow(node.a);
    if (node.f !== null && node.f !== undefined) svg += fragments[node.f];
    return svg + "</svg>";
  }

  // The arrow of code a, from * cells + to (cell numbers rank * files +
  // file): the frame's arrow text around the squares' names and the ends'
  // coordinates, all written by xpgn (its geometry table: files, ranks,
  // file letters, centre x by file, centre y by rank, the text's pieces).
  function arrow(a) {
    const g = geometry[game.frame];
    if (!g) return "";
    const [files, ranks, letters, xs, ys, pieces] = g;
    const cells = files * ranks;
    const ends = [Math.floor(a / cells), a % cells];
    const [[f1, r1], [f2, r2]] = ends.map((c) => [c % files, Math.floor(c / files)]);
    // The values in the text's order: from, to, x1, y1, x2, y2.
    const values = [letters[f1] + (r1 + 1), letters[f2] + (r2 + 1), xs[f1], ys[r1], xs[f2], ys[r2]];
    let s = pieces[0];
    for (let i = 0; i < 6; i++) s += values[i] + pieces[i + 1];
    return s;
  }

  // Plies from the start to node n.
  function plyOf(n) {
    let k = 0;
    for (let i = n; game.nodes[i].p >= 0; i = game.nodes[i].p) k++;
    return k;
  }

  function moveNumber(ply) {
    const i = ply - 1 + (game.black_first ? 1 : 0);
    return { number: game.number + Math.floor(i / 2), white: i % 2 === 0 };
  }

  function show(n) {
    if (!game || n < 0 || n >= game.nodes.length) return;
    cur = n;
    const node = game.nodes[n];
    // A move that was not replayed has no board: the last replayed one
    // before it is drawn.
    let drawn = n;
    while (!game.nodes[drawn].ok && game.nodes[drawn].p >= 0) drawn = game.nodes[drawn].p;
    $("board").innerHTML = game.nodes[drawn].ok ? board(drawn) : "";
    const ply = plyOf(n);
    $("ply").textContent = ply === 0 ? "Start" : "Ply " + ply + " (" + node.m + ")";
    const fen = $("fen");
    fen.textContent = node.ok ? node.fen : "";
    fen.dataset.node = String(n);
    fen.dataset.ply = String(ply);
    fen.title = node.ok ? "" : "not replayed: see the diagnostics";
    for (const s of moveSpans) if (s) s.classList.remove("current");
    if (moveSpans[n]) {
      moveSpans[n].classList.add("current");
      moveSpans[n].scrollIntoView({ block: "nearest" });
    }
    const here = $("here");
    here.textContent = "";
    for (const li of $("diagnostics").children) {
      const on = Number(li.dataset.node) === n;
      li.classList.toggle("current", on);
      if (on) here.appendChild(li.cloneNode(true));
    }
    if (!node.ok && n !== 0) here.appendChild(el("li", "sev-error", "This move was not replayed."));
  }

  function diagClass(diags) {
    const worst = [];
    for (const d of diags) {
      if ((SEVERITY[d.sev] || 0) > (SEVERITY[worst[d.node]] || 0)) worst[d.node] = d.sev;
    }
    return worst;
  }

  // The move list, with variations in parentheses, without recursion.
  function renderMoves() {
    const box = $("moves");
    box.textContent = "";
    moveSpans = [];
    const worst = diagClass(game.diags);
    for (const c of game.comments) box.append(el("span", "comment", "{" + c + "} "));
    const root = game.nodes[0];
    for (const c of root.ca) box.append(el("span", "comment", "{" + c + "} "));
    // Work items: a node to write (then its line goes on), or text.
    const stack = [];
    if (children[0].length) stack.push({ line: children[0][0], fresh: true });
    while (stack.length) {
      const item = stack.pop();
      if (item.text !== undefined) {
        box.append(el("span", "var", item.text));
        continue;
      }
      const n = item.line;
      const node = game.nodes[n];
      for (const c of node.cb) box.append(el("span", "comment", "{" + c + "} "));
      const ply = plyOf(n);
      const mn = moveNumber(ply);
      if (mn.white) box.append(el("span", "num", mn.number + ". "));
      else if (item.fresh) box.append(el("span", "num", mn.number + "... "));
      const span = el("span", "move", node.m);
      span.dataset.node = String(n);
      if (!node.ok) span.classList.add("unplayed");
      if (worst[n]) span.classList.add(worst[n]);
      span.addEventListener("click", () => show(n));
      moveSpans[n] = span;
      box.append(span);
      for (const g of node.nags) box.append(el("span", "nag", NAGS[g] || " $" + g));
      box.append(" ");
      let fresh = false;
      for (const c of node.ca) {
        box.append(el("span", "comment", "{" + c + "} "));
        fresh = true;
      }
      // After this move: its siblings' lines in parentheses (when it is
      // the main one), then its own continuation, numbered afresh after a
      // comment or a variation.
      const next = children[n];
      const sibs = children[node.p];
      const branches = sibs[0] === n && sibs.length > 1;
      if (next.length) stack.push({ line: next[0], fresh: fresh || branches });
      if (branches) {
        for (let i = sibs.length - 1; i >= 1; i--) {
          stack.push({ text: ") " });
          stack.push({ line: sibs[i], fresh: true });
          stack.push({ text: "( " });
        }
      }
    }
    if (game.result) box.append(el("span", "result", game.result));
    for (const c of game.after) box.append(" ", el("span", "comment", "{" + c + "}"));
  }

  function renderDiagnostics() {
    const list = $("diagnostics");
    list.textContent = "";
    if (game.skipped) list.append(el("li", "sev-error", "Not verified: " + game.skipped));
    for (const d of game.diags) {
      const li = el("li", "sev-" + d.sev);
      li.dataset.node = String(d.node);
      li.dataset.code = d.code;
      let text = d.sev + "[" + d.code + "]: " + d.msg;
      if (d.line) text += " (line " + d.line + ", column " + d.col + ")";
      if (d.label) text += ": " + d.label;
      if (d.help.length) text += ". " + d.help.join(" ");
      if (d.rule) text += " [" + d.rule + "]";
      li.textContent = text;
      li.addEventListener("click", () => show(d.node));
      list.append(li);
    }
    if (!list.children.length) list.append(el("li", "", "None: every move was replayed."));
  }

  // A position string is its fields (between "/" and " ") and the
  // separators: a change replaces runs of fields, [first, text, ...],
  // or the whole string (first -1).
  function positionStrings() {
    const SPLIT = /([/ ])/;
    for (const node of game.nodes) {
      const c = node.fc;
      if (!c) { node.fen = null; continue; }
      const base = node.p >= 0 ? game.nodes[node.p].parts : null;
      let parts = base ? base.slice() : [];
      for (let j = 0; j + 1 < c.length; j += 2) {
        const texts = c[j + 1].split(SPLIT);
        if (c[j] < 0) { parts = texts; continue; }
        for (let t = 0; t < texts.length; t++) parts[2 * c[j] + t] = texts[t];
      }
      node.parts = parts;
      node.fen = parts.join("");
    }
  }

  // A chess game's nodes: each changed cell is a key, ((square * 16 +
  // code) * 2 + check) with a1 = 0 and the codes " PNBRQKpnbrqk", whose
  // fragment is in the page's chess table; the FEN's placement is written
  // from the codes, and its other fields are the parent's as the node's
  // change says: [-1, "the fields"] whole, else [field, value, ...] for
  // the fields written and, for the others, what a ply implies: the other
  // side to move, the same castling, no en-passant square, the halfmove
  // clock one more, the move number one more after Black's move. The
  // facts panel is the side to move's.
  function chessNodes() {
    const row = game.chess * 2048;
    for (const node of game.nodes) {
      const c = node.fc;
      if (!c) { node.fen = null; continue; }
      const parent = node.p >= 0 ? game.nodes[node.p] : null;
      const codes = parent && parent.codes ? parent.codes.slice() : new Array(64).fill(0);
      const keys = node.d;
      node.d = [];
      for (const k of keys) {
        codes[k >> 5] = (k >> 1) & 15;
        node.d.push(k >> 5, chessCells[row + k]);
      }
      let tail;
      if (c[0] === -1) tail = c[1].split(" ");
      else {
        const t = parent.tail;
        tail = [t[0] === "w" ? "b" : "w", t[1], "-", String(Number(t[3]) + 1), String(Number(t[4]) + (t[0] === "b" ? 1 : 0))];
        for (let j = 0; j + 1 < c.length; j += 2) tail[c[j]] = String(c[j + 1]);
      }
      let place = "";
      for (let r = 7; r >= 0; r--) {
        let empty = 0;
        for (let f = 0; f < 8; f++) {
          const code = codes[r * 8 + f];
          if (code === 0) { empty++; continue; }
          if (empty) { place += empty; empty = 0; }
          place += LETTERS[code];
        }
        if (empty) place += empty;
        if (r > 0) place += "/";
      }
      node.codes = codes;
      node.tail = tail;
      node.fen = place + " " + tail.join(" ");
      node.f = chess.facts[game.chess * 2 + (tail[0] === "b" ? 1 : 0)];
    }
  }

  function open(k) {
    const data = document.getElementById("xpgn-game-" + k);
    if (!data) return;
    game = JSON.parse(data.textContent);
    // Nodes are arrays (see xpgn's ViewSink::write_game_json): the move,
    // then, when it was replayed, the change of the position string, the
    // changed cells, the arrow and the facts (a chess game's: see
    // chessNodes). Parents come before their children, so one pass
    // rebuilds each position string.
    game.nodes = game.nodes.map((r, i) => ({ p: i - 1, m: r[0], ok: r.length > 1, nags: [], cb: [], ca: [], fc: r[1], d: r[2] || [], a: r[3], f: r[4] }));
    const pairs = (list, each) => { for (let j = 0; j + 1 < list.length; j += 2) each(game.nodes[list[j]], list[j + 1]); };
    pairs(game.up, (node, back) => { node.p -= back - 1; });
    pairs(game.nags, (node, g) => node.nags.push(g));
    pairs(game.cb, (node, c) => node.cb.push(c));
    pairs(game.ca, (node, c) => node.ca.push(c));
    if (game.chess !== null && game.chess !== undefined) chessNodes();
    else positionStrings();
    gameNo = k;
    children = game.nodes.map(() => []);
    game.nodes.forEach((node, i) => {
      if (node.p >= 0) children[node.p].push(i);
    });
    const tag = (name) => {
      for (const [k2, v] of game.tags) if (k2 === name) return v;
      return "";
    };
    $("title").textContent = (tag("White") || "?") + " \u2013 " + (tag("Black") || "?") + "  " + (game.result || tag("Result"));
    $("subtitle").textContent = [game.variant, tag("Event"), tag("Site"), tag("Date"), game.file + " #" + game.n].filter((s) => s && s !== "?").join(" \u00B7 ");
    const tags = $("tags");
    tags.textContent = "";
    for (const [k2, v] of game.tags) {
      const tr = el("tr");
      tr.append(el("td", "", k2), el("td", "", v));
      tags.append(tr);
    }
    renderMoves();
    renderDiagnostics();
    for (const li of $("games").children) li.classList.toggle("current", Number(li.dataset.game) === k);
    show(0);
  }

  function end() {
    let n = cur;
    while (children[n].length) n = children[n][0];
    show(n);
  }

  function listGames() {
    if (index.length < 2) return;
    $("games-nav").hidden = false;
    const ol = $("games");
    index.forEach((g, k) => {
      const li = el("li", g.errors ? "invalid" : "", (g.white || "?") + " \u2013 " + (g.black || "?") + " " + g.result + (g.variant === "Chess" ? "" : " (" + g.variant + ")"));
      li.value = g.n;
      li.dataset.game = String(k);
      li.title = [g.event, g.date].filter(Boolean).join(", ");
      li.addEventListener("click", () => open(k));
      ol.append(li);
    });
    $("filter").addEventListener("input", (e) => {
      const q = e.target.value.toLowerCase();
      for (const li of ol.children) li.hidden = q !== "" && !li.textContent.toLowerCase().includes(q) && !li.title.toLowerCase().includes(q);
    });
  }

  document.addEventListener("keydown", (e) => {
    if (e.target && e.target.id === "filter") return;
    if (!game) return;
    const node = game.nodes[cur];
    switch (e.key) {
      case "ArrowRight": if (children[cur].length) show(children[cur][0]); break;
      case "ArrowLeft": if (node.p >= 0) show(node.p); break;
      case "Home": show(0); break;
      case "End": end(); break;
      case "PageDown": if (gameNo + 1 < index.length) open(gameNo + 1); break;
      case "PageUp": if (gameNo > 0) open(gameNo - 1); break;
      default: return;
    }
    e.preventDefault();
  });
  $("first").addEventListener("click", () => show(0));
  $("prev").addEventListener("click", () => { if (game && game.nodes[cur].p >= 0) show(game.nodes[cur].p); });
  $("next").addEventListener("click", () => { if (game && children[cur].length) show(children[cur][0]); });
  $("last").addEventListener("click", end);
  listGames();
  const wanted = Number((location.hash.match(/^#game-(\d+)$/) || [])[1]);
  open(wanted > 0 && wanted <= index.length ? wanted - 1 : 0);
  window.xpgnView = { open: open, show: show, games: () => index.length, node: () => cur };
})();
