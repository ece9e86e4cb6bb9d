# Prints the accessibility tree of the application whose name contains argv[1], one
# node per line, tab-separated: role, focused (1/0), name, and its text when it has one.
# With argv[2], instead does the action "click" of the node named argv[2] and prints
# "done" (or why not).
import sys, time
import pyatspi
want = sys.argv[1].lower()
desktop = pyatspi.Registry.getDesktop(0)
app = None
for _ in range(100):
    for a in desktop:
        if a is not None and want in (a.name or '').lower():
            app = a
    if app is not None:
        break
    time.sleep(0.1)
if app is None:
    print("error\t0\tno application among " + ", ".join(a.name or "?" for a in desktop if a) + "\t")
    sys.exit(0)
def text_of(node):
    try:
        t = node.queryText()
        return t.getText(0, t.characterCount)
    except Exception:
        return None
def walk(node, depth):
    if depth > 40:
        return
    try:
        states = node.getState()
        focused = states.contains(pyatspi.STATE_FOCUSED)
        clean = lambda s: (s or "").replace("\t", " ").replace("\n", " ")
        print("\t".join([node.getRoleName(), "1" if focused else "0", clean(node.name), clean(text_of(node))]))
        for child in node:
            if child is not None:
                walk(child, depth + 1)
    except Exception as e:
        print("error\t0\t" + str(e).replace("\n", " ") + "\t")
def find(node, name, depth=0):
    if depth > 40:
        return None
    if node.name == name:
        return node
    for child in node:
        if child is not None:
            found = find(child, name, depth + 1)
            if found is not None:
                return found
    return None
if len(sys.argv) > 2:
    node = find(app, sys.argv[2])
    if node is None:
        print("no node named " + sys.argv[2])
        sys.exit(0)
    action = node.queryAction()
    names = [action.getName(i) for i in range(action.nActions)]
    if "click" not in names:
        print("no click among " + ", ".join(names))
        sys.exit(0)
    action.doAction(names.index("click"))
    print("done")
else:
    walk(app, 0)
