import Testing

@_spi(Testing) @testable import ScorekeeperCore

/// Who is who is the links replayed in (time, id) order: merges chain,
/// crossed merges end as one person, an undo takes its link out wherever
/// it is, and a split sets a name apart in its games only.
@Suite struct PeopleDirectoryTests {
  private func link(_ id: String, _ change: PersonLink.Change) -> PersonLink {
    PersonLink(id: id, change: change, time: Timestamp(millisecondsSince1970: 0), device: "d")
  }

  @Test("merges chain, and two crossed merges make one person, not a cycle")
  func merges() {
    let chained = PeopleDirectory(links: [
      link("1", .merge(kept: "bob", merged: "robert")), link("2", .merge(kept: "rob", merged: "bob")),
    ])
    #expect(
      ["Bob", "Robert", "ROB", "Ann"].map { chained.person(ofPlayerNamed: $0, inGame: "g") }
        == ["rob", "rob", "rob", "ann"])
    let crossed = PeopleDirectory(links: [
      link("1", .merge(kept: "bob", merged: "robert")), link("2", .merge(kept: "robert", merged: "bob")),
    ])
    #expect(["bob", "robert"].map { crossed.person(ofPlayerNamed: $0, inGame: "g") } == ["bob", "bob"])
    #expect(crossed.links.map(\.id) == ["1"])  // (the second found them one already)
  }

  @Test("an undo takes out the link it names, even one that came before others")
  func undo() {
    let directory = PeopleDirectory(links: [
      link("1", .merge(kept: "bob", merged: "robert")), link("2", .merge(kept: "ann", merged: "bob")),
      link("3", .undo("1")),
    ])
    #expect(["bob", "robert"].map { directory.person(ofPlayerNamed: $0, inGame: "g") } == ["ann", "robert"])
    #expect(directory.links.map(\.id) == ["2"])
  }

  @Test("a split sets a name apart in its games only; a later merge of the name leaves it apart")
  func split() {
    let directory = PeopleDirectory(links: [
      link("1", .split(nameKey: "sam", name: "Sam", games: ["g1"])),
      link("2", .merge(kept: "ann", merged: "sam")),
    ])
    #expect(directory.person(ofPlayerNamed: " SAM ", inGame: "g1") == "sam#1")
    #expect(directory.person(ofPlayerNamed: "Sam", inGame: "g2") == "ann")
    #expect(directory.splitName(of: "sam#1") == "Sam")
  }

  @Test("people are shown as last spelled; a split's person numbered when another shows the same name")
  func names() {
    let directory = PeopleDirectory(links: [
      link("1", .split(nameKey: "sam", name: "Sam", games: ["g1"])),
      link("2", .split(nameKey: "sam", name: "sam", games: ["g2"])),
    ])
    var spellings = PeopleNames.Spellings()
    for name in ["sam", "Sam", "Ann"] { spellings.note(name) }
    #expect(
      PeopleNames.shown(for: ["sam", "sam#1", "sam#2", "ann"], spellings: spellings, directory: directory)
        == ["sam": "Sam", "sam#1": "Sam (2)", "sam#2": "sam (3)", "ann": "Ann"])
    // With no one else shown so, a split's person keeps the name.
    #expect(PeopleNames.shown(for: ["sam#1"], spellings: spellings, directory: directory) == ["sam#1": "Sam"])
  }

  @Test(
    "a rename names the person as it then was: a later rename wins, a merge shows the person it kept, undo takes it out"
  )
  func renames() {
    var spellings = PeopleNames.Spellings()
    for name in ["Bob", "Robert", "Ann"] { spellings.note(name) }
    func shown(_ links: [PersonLink]) -> [String: String] {
      let directory = PeopleDirectory(links: links)
      let people = Set(["Bob", "Robert", "Ann"].map { directory.person(ofPlayerNamed: $0, inGame: "g") })
      return PeopleNames.shown(for: people, spellings: spellings, directory: directory)
    }
    let merged = link("1", .merge(kept: "bob", merged: "robert"))
    #expect(shown([merged, link("2", .rename(person: "bob", name: "Rob"))]) == ["bob": "Rob", "ann": "Ann"])
    // Renamed as "robert" before the merge: the merge keeps Bob's name.
    #expect(
      shown([link("0", .rename(person: "robert", name: "Rob")), merged]) == ["bob": "Bob", "ann": "Ann"])
    #expect(
      shown([
        link("2", .rename(person: "bob", name: "Rob")), link("3", .rename(person: "bob", name: "Bobby")),
      ])
        == ["bob": "Bobby", "robert": "Robert", "ann": "Ann"])
    #expect(
      shown([link("2", .rename(person: "bob", name: "Rob")), link("3", .undo("2"))])
        == ["bob": "Bob", "robert": "Robert", "ann": "Ann"])
  }
}
