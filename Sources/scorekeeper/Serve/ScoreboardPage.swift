import ScorekeeperCore

/// The scoreboard's page, embedded in the binary: no framework, no font
/// or script from elsewhere (the Content-Security-Policy allows only this
/// server). The game's page is a shell that `app.js` fills from the
/// events it follows (`/game/ID/events`), through the DOM's textContent
/// only, so no name a player typed can become markup.
enum ScoreboardPage {
  /// `/`: the games, each a link to its board, those in progress first
  /// (then by title), each marked in progress or finished; app.js keeps
  /// the list up to date from `/api/games`.
  static func games(_ overview: GamesOverview) -> String {
    let finished = Set(overview.games.filter { $0.finished != nil }.map(\.summary.game.id))
    let ordered = overview.games.map(\.summary).sorted {
      (finished.contains($0.game.id) ? 1 : 0, $0.game.title.lowercased(), $0.game.id)
        < (finished.contains($1.game.id) ? 1 : 0, $1.game.title.lowercased(), $1.game.id)
    }
    let items = ordered.map { game in
      let players = game.playerCount == 1 ? "1 player" : "\(game.playerCount) players"
      let state = finished.contains(game.game.id) ? "finished" : "in progress"
      return "<li><a href=\"/game/\(escaped(game.game.id))\">\(escaped(game.game.title))</a>"
        + " <span class=\"count\">\(players)</span> <span class=\"state\">\(state)</span></li>"
    }
    return page(
      title: "Scoreboard",
      body: "<h1>Games</h1>\n"
        + (items.isEmpty
          ? "<p id=\"none\">No games yet.</p><ul class=\"games\"></ul>"
          : "<ul class=\"games\">\n\(items.joined(separator: "\n"))\n</ul>"),
      games: true)
  }

  /// `/game/ID`: the board, filled and kept up to date by app.js.
  static func game(_ game: Game) -> String {
    page(
      title: game.title,
      body: """
        <header><h1 id="title">\(escaped(game.title))</h1><p id="state"></p><p id="last"></p></header>
        <p id="banner" hidden></p>
        <ol id="teams"></ol>
        <ol id="standings"></ol>
        <svg id="chart" viewBox="0 0 1000 300" preserveAspectRatio="none" role="img" aria-label="totals after each step"></svg>
        <table id="sheet"></table>
        <p id="connection">connecting…</p>
        """,
      game: game.id)
  }

  private static func page(title: String, body: String, game: String? = nil, games: Bool = false) -> String {
    """
    <!doctype html>
    <html lang="en">
    <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>\(escaped(title))</title>
    <link rel="stylesheet" href="/app.css">
    <script src="/app.js" defer></script>
    </head>
    <body\(game.map { " data-game=\"\(escaped($0))\"" } ?? "")\(games ? " data-games" : "")>
    \(body)
    </body>
    </html>

    """
  }

  /// `text` safe inside HTML text and attribute values.
  static func escaped(_ text: String) -> String {
    var result = ""
    for character in text {
      switch character {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&#39;"
      default: result.append(character)
      }
    }
    return result
  }

  /// Readable from across a room: large type, high contrast, the leader
  /// first and largest.
  static let css = """
    html { background: #111; color: #f4f4f4; font-family: system-ui, sans-serif; }
    body { margin: 0 auto; padding: 2vh 4vw; max-width: 1600px; }
    h1 { font-size: 6vh; margin: 0 0 1vh; }
    a { color: #8cf; }
    ul.games { font-size: 4vh; line-height: 1.5; }
    .count, .state, #state, #connection { color: #aaa; }
    ul.games .state { font-size: 2.5vh; }
    #teams { list-style: none; padding: 0; margin: 0 0 3vh; }
    #teams li { display: flex; align-items: center; gap: 2vw; font-size: 6vh; padding: 0.6vh 0; border-bottom: 1px solid #333; }
    #teams .members { flex: 1; color: #ccc; font-size: 4vh; }
    #teams .winner .name::after { content: " ★"; color: #fc3; }
    #state { font-size: 3vh; margin: 0 0 2vh; }
    #banner { font-size: 6vh; font-weight: bold; background: #c90; color: #111; padding: 1vh 2vw; border-radius: 1vh; }
    #standings { list-style: none; padding: 0; margin: 0 0 3vh; }
    #standings li { display: flex; align-items: center; gap: 2vw; font-size: 5vh; padding: 0.6vh 0; border-bottom: 1px solid #333; }
    #standings li:first-child { font-size: 7vh; font-weight: bold; }
    #standings .rank, #teams .rank { width: 3ch; text-align: right; color: #aaa; }
    #standings .name { flex: 1; }
    #standings .score, #teams .score { font-variant-numeric: tabular-nums; }
    #standings .winner .name::after { content: " ★"; color: #fc3; }
    #standings img { height: 1.4em; width: 1.4em; object-fit: cover; border-radius: 50%; }
    #chart { width: 100%; height: 25vh; margin: 2vh 0; }
    #chart polyline { fill: none; stroke-width: 4; vector-effect: non-scaling-stroke; }
    #chart line { stroke: #555; stroke-width: 1; vector-effect: non-scaling-stroke; }
    #sheet { border-collapse: collapse; font-size: 3vh; font-variant-numeric: tabular-nums; }
    #sheet th, #sheet td { padding: 0.3vh 1.5vw; text-align: right; border-bottom: 1px solid #333; }
    #sheet th:first-child, #sheet td:first-child { text-align: left; color: #aaa; }
    #connection { font-size: 2vh; }

    """

  /// Follows the game's events and draws each: standings (with photos),
  /// the winner banner, the sheet. EventSource reconnects by itself.
  static let javascript = """
    "use strict";
    const game = document.body.dataset.game;
    if (game) {
      const element = (name, text, className) => {
        const node = document.createElement(name);
        if (text !== undefined) node.textContent = text;
        if (className) node.className = className;
        return node;
      };
      const draw = (data) => {
        const list = data.standings, sheet = data.sheet;
        document.getElementById("title").textContent = list.game.title;
        document.title = list.game.title;
        const finished = list.state === "finished";
        // The rules, as list GAME says them.
        const rules = list.rules, said = [];
        if (rules.winner === "lowest") said.push("lowest wins");
        if (rules.start !== null) said.push("starts at " + rules.start);
        if (rules.target !== null) said.push((rules.bust ? "ends at exactly " : "ends at ") + rules.target);
        if (rules.winBy !== null) said.push("win by " + rules.winBy);
        if (rules.rounds !== null) said.push(rules.rounds === 1 ? "1 round" : rules.rounds + " rounds");
        if (rules.cooperative) said.push("co-operative");
        document.getElementById("state").textContent = [
          finished ? "Finished" : "In progress", ...(list.round > 0 ? ["round " + list.round] : []), ...said,
        ].join(" · ");
        // The last score change, and who made it (issue 49).
        const last = data.lastChange;
        document.getElementById("last").textContent = last === null ? "" : "Last: " + last.player + " "
          + (last.points >= 0 ? "+" : "") + last.points + (last.author === null ? "" : " by " + last.author);
        // Who won: the winning teams, when the game has teams.
        const teams = list.teams || [];
        const winners = teams.length > 0
          ? teams.filter((t) => t.winner).map((t) => t.name ?? list.standings.find((s) => s.id === t.members[0]).name)
          : list.standings.filter((s) => s.winner).map((s) => s.name);
        const banner = document.getElementById("banner");
        const verdicts = { "draw": "A draw!", "table won": "The table won!", "table lost": "The table lost." };
        banner.hidden = !(finished && (winners.length > 0 || verdicts[list.result]));
        banner.textContent = verdicts[list.result] ?? winners.join(" and ") + (winners.length === 1 ? " wins!" : " win!");
        const names = new Map(list.standings.map((s) => [s.id, s.name]));
        document.getElementById("teams").replaceChildren(...teams.map((t) => {
          const row = element("li", undefined, t.winner ? "winner" : "");
          row.append(element("span", String(t.rank), "rank"),
            element("span", t.name ?? names.get(t.members[0]), "name"),
            element("span", t.name === null ? "" : t.members.map((m) => names.get(m)).join(", "), "members"),
            element("span", String(t.score), "score"));
          return row;
        }));
        const standings = document.getElementById("standings");
        standings.replaceChildren(...list.standings.map((s) => {
          const row = element("li", undefined, s.winner ? "winner" : "");
          row.append(element("span", String(s.rank), "rank"));
          if (s.photo) {
            const image = element("img");
            image.src = "/game/" + game + "/photo/" + s.id + "?v=" + s.photo.sha256;
            image.alt = "";
            row.append(image);
          }
          row.append(element("span", s.name + (s.team ? " (" + s.team + ")" : ""), "name"));
          row.append(element("span", String(s.score), "score"));
          return row;
        }));
        // The race: each player's total after each step, as chart draws it,
        // in the colours chart --svg uses; zero marked when in range.
        const chart = document.getElementById("chart"), svgNS = "http://www.w3.org/2000/svg";
        const colours = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#17becf", "#8c564b", "#e377c2"];
        const all = data.chart.lines.flatMap((l) => l.totals);
        const low = Math.min(0, ...all), high = Math.max(0, ...all), steps = Math.max(data.chart.steps.length, 1);
        const y = (v) => high > low ? 290 - 280 * (v - low) / (high - low) : 290;
        const axis = document.createElementNS(svgNS, "line");
        for (const [k, v] of [["x1", 0], ["x2", 1000], ["y1", y(0)], ["y2", y(0)]]) axis.setAttribute(k, v);
        chart.replaceChildren(axis, ...data.chart.lines.map((l, i) => {
          const line = document.createElementNS(svgNS, "polyline");
          line.setAttribute("stroke", colours[i % colours.length]);
          line.setAttribute("points", l.totals.map((t, s) => (1000 * s / steps) + "," + y(t)).join(" "));
          line.dataset.player = l.id;
          return line;
        }));
        const table = document.getElementById("sheet");
        const head = element("tr");
        head.append(element("th", "Round"), ...sheet.players.map((p) => element("th", p.name)));
        // Score changes outside the rounds share a row where they fell
        // until a player's comes again, as the sheet command shows them
        // (every player's start is one row), so the columns add up; "!"
        // marks a bust, counted 0.
        const mark = (text, bust) => text + (bust ? "!" : "");
        const after = (number) => {
          const rows = [];
          let row = null;
          for (const c of sheet.changes.filter((c) => c.afterRound === number)) {
            if (row === null || c.player in row) rows.push(row = {});
            row[c.player] = mark((c.points >= 0 ? "+" : "") + c.points, c.bust);
          }
          return rows.map((row) => {
            const tr = element("tr", undefined, "change");
            tr.append(element("td", number === 0 && list.rules.start !== null ? "start" : "score"),
              ...sheet.players.map((p) => element("td", row[p.id] ?? "")));
            return tr;
          });
        };
        const rows = [...after(0), ...sheet.rounds.flatMap((r) => {
          const tr = element("tr");
          tr.append(element("td", (r.name ?? String(r.number)) + (r.corrected ? "*" : "")),
            ...sheet.players.map((p) => element("td", mark(String(r.points[p.id] ?? 0), r.busts.includes(p.id)))));
          return [tr, ...after(r.number)];
        })];
        const total = element("tr");
        total.append(element("th", "Total"), ...sheet.players.map((p) => element("th", String(sheet.totals[p.id] ?? 0))));
        table.replaceChildren(...(rows.length > 0 ? [head, ...rows, total] : []));
        document.getElementById("connection").textContent = "live";
      };
      const events = new EventSource("/game/" + game + "/events");
      events.onmessage = (event) => draw(JSON.parse(event.data));
      events.onerror = () => { document.getElementById("connection").textContent = "reconnecting…"; };
    }
    // The games list follows /api/games: in progress first, then by title.
    if (document.body.dataset.games !== undefined) {
      const list = document.querySelector("ul.games");
      const refresh = async () => {
        try {
          const answer = await fetch("/api/games", { cache: "no-store" });
          if (!answer.ok) return;
          const games = (await answer.json()).games.slice().sort((a, b) =>
            (a.state === "finished") - (b.state === "finished")
              || (a.title.toLowerCase() < b.title.toLowerCase() ? -1 : a.title.toLowerCase() > b.title.toLowerCase() ? 1 : 0)
              || (a.id < b.id ? -1 : 1));
          list.replaceChildren(...games.map((g) => {
            const item = document.createElement("li");
            const link = document.createElement("a");
            link.href = "/game/" + g.id;
            link.textContent = g.title;
            const count = document.createElement("span");
            count.className = "count";
            count.textContent = g.playerCount === 1 ? "1 player" : g.playerCount + " players";
            const state = document.createElement("span");
            state.className = "state";
            state.textContent = g.state;
            item.append(link, " ", count, " ", state);
            return item;
          }));
          document.getElementById("none")?.remove();
        } catch (error) {
          // The server went away for now: the next refresh tries again.
        }
      };
      setInterval(refresh, 3000);
    }

    """
}
