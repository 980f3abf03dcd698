// Drives `xpgn view` output in headless Chromium (tests/view_browser.rs):
//   node view.cjs PAGE.html EXPECTED.json SHOTS_DIR BOARDS.json
// EXPECTED.json holds, for each game on the page, the position string of
// every mainline ply (`xpgn fen --all`). For each game the script opens it
// with the keyboard (Page Down), takes a screenshot of its start, steps
// through its mainline with the right arrow reading the position string
// from the DOM, compares the last ply's board (the arrow's attributes and
// the count of each part) with BOARDS.json (`xpgn diagram`'s), checks End, Home, Left and a click on a move, and counts
// what the board draws. It prints a JSON report and exits 1 on the first
// difference or page error.
"use strict";
const fs = require("fs");
const path = require("path");
const { chromium } = require("playwright-core");

async function main() {
  const [page_path, expected_path, shots, boards_path] = process.argv.slice(2);
  const expected = JSON.parse(fs.readFileSync(expected_path, "utf8"));
  const boards = JSON.parse(fs.readFileSync(boards_path, "utf8"));
  const browser = await chromium.launch({
    executablePath: process.env.XPGN_CHROMIUM || "/usr/bin/chromium",
    args: [
      "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
      "--disable-background-networking", "--disable-component-update", "--disable-sync",
    ],
  });
  const problems = [];
  const report = { games: [] };
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    page.on("pageerror", (e) => problems.push("page error: " + e.message));
    page.on("console", (m) => { if (m.type() === "error") problems.push("console: " + m.text()); });
    // Nothing may be fetched: the page is self-contained.
    page.on("request", (r) => { if (!r.url().startsWith("file:")) problems.push("request: " + r.url()); });
    await page.goto("file://" + path.resolve(page_path));
    const fen = () => page.$eval("#fen", (e) => ({ text: e.textContent, ply: Number(e.dataset.ply), node: Number(e.dataset.node) }));
    const games = await page.evaluate(() => window.xpgnView.games());
    if (games !== expected.length) problems.push(`page lists ${games} games, expected ${expected.length}`);
    for (let g = 0; g < expected.length && problems.length === 0; g++) {
      if (g > 0) await page.keyboard.press("PageDown");
      await page.keyboard.press("Home");
      const want = expected[g];
      const counts = await page.$eval("#board svg", (svg) => ({
        variant: svg.dataset.variant,
        squares: svg.querySelectorAll("rect.square").length,
        holes: svg.querySelectorAll(".hole").length,
        pieces: svg.querySelectorAll("g.piece").length,
        stacks: svg.querySelectorAll("g.stack").length,
      }));
      const shot = path.join(shots, `${String(g).padStart(2, "0")}-${counts.variant.replace(/[^A-Za-z0-9]+/g, "-")}.png`);
      await page.locator("#board").screenshot({ path: shot });
      for (let ply = 0; ply < want.length; ply++) {
        const got = await fen();
        if (got.text !== want[ply] || got.ply !== ply) {
          problems.push(`game ${g + 1} ply ${ply}: page shows ${JSON.stringify(got)}, xpgn fen --all gives ${JSON.stringify(want[ply])}`);
          break;
        }
        if (ply + 1 < want.length) await page.keyboard.press("ArrowRight");
      }
      // The last ply's board: what `xpgn diagram` draws.
      const board = await page.$eval("#board svg", (svg) => {
        const line = svg.querySelector("line.arrow");
        let arrow = null;
        if (line) {
          arrow = {};
          for (const a of line.attributes) arrow[a.name] = a.value;
        }
        const n = (sel) => svg.querySelectorAll(sel).length;
        return { arrow, squares: n("rect.square"), holes: n("rect.hole"), pieces: n("g.piece"), stacks: n("g.stack"), checks: n("circle.check") };
      });
      const sorted = (o) => JSON.stringify(o, o && typeof o === "object" ? Object.keys(o).sort() : undefined);
      const want_board = boards[g];
      for (const k of Object.keys(want_board)) {
        const a = k === "arrow" ? sorted(board.arrow) : JSON.stringify(board[k]);
        const b = k === "arrow" ? sorted(want_board.arrow) : JSON.stringify(want_board[k]);
        if (a !== b) problems.push(`game ${g + 1} last ply: the board's ${k} is ${a}, xpgn diagram draws ${b}`);
      }
      const last = want[want.length - 1];
      await page.keyboard.press("Home");
      await page.keyboard.press("End");
      if ((await fen()).text !== last) problems.push(`game ${g + 1}: End does not show the last position`);
      if (want.length > 1) {
        await page.keyboard.press("ArrowLeft");
        if ((await fen()).text !== want[want.length - 2]) problems.push(`game ${g + 1}: Left does not step back`);
        // A click on the first move shows the position after it.
        await page.click("#moves .move >> nth=0");
        if ((await fen()).text !== want[1]) problems.push(`game ${g + 1}: a click on the first move does not show ply 1`);
      }
      const moves = await page.$$eval("#moves .move", (m) => m.length);
      report.games.push({ game: g + 1, plies: want.length - 1, moves, shot, ...counts });
    }
    if (problems.length === 0) {
      // The whole page, on the annotated game's eighth ply.
      await page.evaluate(() => window.xpgnView.open(0));
      for (let i = 0; i < 8; i++) await page.keyboard.press("ArrowRight");
      await page.screenshot({ path: path.join(shots, "page.png") });
    }
  } finally {
    await browser.close();
  }
  report.problems = problems;
  console.log(JSON.stringify(report));
  process.exit(problems.length ? 1 : 0);
}

main().catch((e) => {
  console.error(e && e.stack ? e.stack : String(e));
  process.exit(2);
});
