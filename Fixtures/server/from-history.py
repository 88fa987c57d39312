#!/usr/bin/env python3
"""Prints the SQL a past scorekeeper shipped for one server version, from
git history: `from-history.py COMMIT VERSION`. The SQL of versions 1-3
lived in Swift string constants (ServerMigration and the ServerSQL
concept files) and was put together at run time; this takes those
constants at COMMIT and joins them as that commit's ServerMigration did.
Role names stay as {owner} and {users}. Used once, to make the fixtures
in this folder (see README.md); it is not part of any build."""
import re
import subprocess
import sys

SERVER = "Sources/ScorekeeperCore/Cloud/Live/Server/"


def show(commit, path):
    return subprocess.run(["git", "show", f"{commit}:{path}"], check=True,
                          capture_output=True, text=True).stdout


def constants(text):
    """Every `static let NAME = #\"\"\"` … `\"\"\"#` raw string, dedented."""
    found = {}
    for match in re.finditer(r'static let (\w+) = #"""\n(.*?)\n([ ]*)"""#', text, re.S):
        name, body, indent = match.group(1), match.group(2), match.group(3)
        found[name] = "\n".join(line[len(indent):] if line.startswith(indent) else line.lstrip()
                                for line in body.split("\n"))
    return found


def roles_sql(commit):
    text = show(commit, SERVER + "ServerMigration.swift")
    match = re.search(r'static let roles = ServerMigration\(.*?sql: """\n(.*?)\n([ ]*)"""\)', text, re.S)
    body, indent = match.group(1), match.group(2)
    return "\n".join(line[len(indent):] for line in body.split("\n"))


def composition(commit, version):
    """The ServerSQL constants version VERSION joined at COMMIT, in order."""
    text = show(commit, SERVER + "ServerMigration.swift")
    name = {2: "cloud", 3: "assets"}[version]
    match = re.search(rf'static let {name} = ServerMigration\(.*?sql: \[(.*?)\]\.joined', text, re.S)
    return [part.strip().strip('"') for part in match.group(1).split(",") if part.strip()]


def sql(commit, version):
    if version == 1:
        return roles_sql(commit)
    files = subprocess.run(["git", "ls-tree", "--name-only", commit, SERVER], check=True,
                           capture_output=True, text=True).stdout.split()
    known = {}
    for path in files:
        if path.split("/")[-1].startswith("ServerSQL"):
            known.update(constants(show(commit, path)))
    parts = []
    for part in composition(commit, version):
        parts.append(known[part[len("ServerSQL."):]] if part.startswith("ServerSQL.") else part)
    return "\n".join(parts)


if __name__ == "__main__":
    sys.stdout.write(sql(sys.argv[1], int(sys.argv[2])) + "\n")
