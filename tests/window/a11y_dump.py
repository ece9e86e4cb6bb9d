# Prints the accessibility tree of the application whose name contains argv[1], one
# node per line, tab-separated: role, focused (1/0), name, and its text when it has one.
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
walk(app, 0)
