import ScorekeeperCore

/// The scoreboard's page, embedded in the binary: no framework, no font
/// or script from elsewhere (the Content-Security-Policy allows only this
/// server). The game's page is a shell that `app.js` fills from the
/// events it follows (`/game/ID/events`), through the DOM's textContent
/// only, so no name a player typed can become markup.
enum ScoreboardPage {
  /// `/`: the games, each a link to its board.
  static func games(_ games: [(summary: GameSummary, access: GameAccess)]) -> String {
    let items = games.map { game in
      let players = game.summary.playerCount == 1 ? "1 player" : "\(game.summary.playerCount) players"
      return "<li><a href=\"/game/\(escaped(game.summary.game.id))\">\(escaped(game.summary.game.title))</a>"
        + " <span class=\"count\">\(players)</span></li>"
    }
    return page(
      title: "Scoreboard",
      body: "<h1>Games</h1>\n"
        + (items.isEmpty
          ? "<p>No games yet.</p>" : "<ul class=\"games\">\n\(items.joined(separator: "\n"))\n</ul>"))
  }

  /// `/game/ID`: the board, filled and kept up to date by app.js.
  static func game(_ game: Game) -> String {
    page(
      title: game.title,
      body: """
        <header><h1 id="title">\(escaped(game.title))</h1><p id="state"></p></header>
        <p id="banner" hidden></p>
        <ol id="standings"></ol>
        <table id="sheet"></table>
        <p id="connection">connecting…</p>
        """,
      game: game.id)
  }

  private static func page(title: String, body: String, game: String? = nil) -> String {
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
    <body\(game.map { " data-game=\"\(escaped($0))\"" } ?? "")>
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
    .count, #state, #connection { color: #aaa; }
    #state { font-size: 3vh; margin: 0 0 2vh; }
    #banner { font-size: 6vh; font-weight: bold; background: #c90; color: #111; padding: 1vh 2vw; border-radius: 1vh; }
    #standings { list-style: none; padding: 0; margin: 0 0 3vh; }
    #standings li { display: flex; align-items: center; gap: 2vw; font-size: 5vh; padding: 0.6vh 0; border-bottom: 1px solid #333; }
    #standings li:first-child { font-size: 7vh; font-weight: bold; }
    #standings .rank { width: 3ch; text-align: right; color: #aaa; }
    #standings .name { flex: 1; }
    #standings .score { font-variant-numeric: tabular-nums; }
    #standings .winner .name::after { content: " ★"; color: #fc3; }
    #standings img { height: 1.4em; width: 1.4em; object-fit: cover; border-radius: 50%; }
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
        document.getElementById("state").textContent =
          (finished ? "Finished" : "In progress") + (list.round > 0 ? " · round " + list.round : "");
        const winners = list.standings.filter((s) => s.winner).map((s) => s.name);
        const banner = document.getElementById("banner");
        banner.hidden = !(finished && winners.length > 0);
        banner.textContent = winners.join(" and ") + (winners.length === 1 ? " wins!" : " win!");
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
        const table = document.getElementById("sheet");
        const names = sheet.players.map((p) => p.name);
        const head = element("tr");
        head.append(element("th", "Round"), ...names.map((n) => element("th", n)));
        const rows = sheet.rounds.map((r) => {
          const tr = element("tr");
          tr.append(element("td", String(r.number) + (r.corrected ? "*" : "")),
            ...sheet.players.map((p) => element("td", String(r.points[p.id] ?? 0))));
          return tr;
        });
        const total = element("tr");
        total.append(element("th", "Total"), ...sheet.players.map((p) => element("th", String(sheet.totals[p.id] ?? 0))));
        table.replaceChildren(...(sheet.rounds.length > 0 ? [head, ...rows, total] : []));
        document.getElementById("connection").textContent = "live";
      };
      const events = new EventSource("/game/" + game + "/events");
      events.onmessage = (event) => draw(JSON.parse(event.data));
      events.onerror = () => { document.getElementById("connection").textContent = "reconnecting…"; };
    }

    """
}
