import Testing

@testable import scorekeeper

/// Whether the terminal takes UTF-8 (box drawing, "…"), from the locale
/// variables as C programs read them: the first one set, in any case.
@Suite struct PresentationTests {
  @Test(
    "the first locale variable set decides; UTF-8 in any spelling or case",
    arguments: [
      (["LANG": "en_US.UTF-8"], true), (["LC_ALL": "de_DE.utf8", "LANG": "C"], true),
      (["LC_CTYPE": "C", "LANG": "en_US.UTF-8"], false), (["LC_ALL": "", "LANG": "fr_FR.Utf-8"], true),
      (["LANG": "C"], false), ([:], false), (["LANG": "utf"], false), (["LANG": "x.utf-"], false),
    ])
  func utf8(environment: [String: String], allows: Bool) {
    #expect(Presentation.allowsUTF8 { environment[$0] } == allows, "\(environment)")
  }
}
