// The DOM check of Scripts/parts-check.sh, run in the page once it is laid out: each HTML
// fragment against its JSON entry (`render --format json --include parts`, in #entries),
// then the display order of its runs and of the characters inside them. Writes its findings
// as JSON into #result, which the script reads from the dumped DOM.
(function () {
  const entries = JSON.parse(document.getElementById("entries").textContent);
  const failures = [];
  const fragments = {};
  const rightToLeft = new Set();
  let runs = 0, orderChecks = 0, characterChecks = 0;

  // The object a field path starts in (the entry, an offer, a phase) and the path within it.
  function locate(entry, path) {
    const match = path.match(/^offers\[(\d+)\]\.(?:phases\[(\d+)\]\.)?(.+)$/);
    if (!match) return [entry, path];
    let object = entry.offers[Number(match[1])];
    if (object && match[2] !== undefined) object = object.phases[Number(match[2])];
    return [object, match[3]];
  }
  function fieldText(entry, path) {
    let [value, rest] = locate(entry, path);
    for (const key of rest.split(".")) value = value === undefined ? undefined : value[key];
    return value;
  }
  function fieldParts(entry, path) {
    const [object, rest] = locate(entry, path);
    return object && object.parts ? object.parts[rest] : undefined;
  }

  const invisible = /^[\s\u200e\u200f\u061c\u2066-\u2069]*$/;
  function box(node) {
    const range = document.createRange();
    range.selectNodeContents(node);
    return range.getBoundingClientRect();
  }
  function sameLine(a, b) {
    return Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 0;
  }
  // Characters a right-to-left paragraph still shows left to right: Latin letters, the
  // dollar sign, digits (European and Arabic-Indic), and a separator between two digits.
  const digit = /[0-9\u0660-\u0669\u06f0-\u06f9]/;
  const leftToRight = /[A-Za-z$0-9\u0660-\u0669\u06f0-\u06f9]/;
  function isLeftToRight(text, index) {
    const character = text[index];
    if (leftToRight.test(character)) return true;
    return /[.,\u066b\u066c]/.test(character) && index > 0 && index + 1 < text.length
      && digit.test(text[index - 1]) && digit.test(text[index + 1]);
  }
  function characterBox(textNode, index) {
    const range = document.createRange();
    range.setStart(textNode, index);
    range.setEnd(textNode, index + 1);
    return range.getBoundingClientRect();
  }

  for (const fragment of document.querySelectorAll("span.paywall-text")) {
    const locale = fragment.dataset.locale, field = fragment.dataset.field;
    const where = `${locale} #${fragment.dataset.index} ${fragment.dataset.product || ""} ${field}`;
    const entry = entries.find((e) => String(e.index) === fragment.dataset.index && e.locale === locale);
    if (!entry) { failures.push(`${where}: no JSON entry`); continue; }
    fragments[locale] = (fragments[locale] || 0) + 1;
    const parts = fieldParts(entry, field);
    if (!parts) { failures.push(`${where}: no parts in the JSON`); continue; }

    if (fragment.getAttribute("lang") !== entry.lang || fragment.getAttribute("dir") !== entry.dir) {
      failures.push(`${where}: lang="${fragment.getAttribute("lang")}" dir="${fragment.getAttribute("dir")}", the JSON says ${entry.lang} ${entry.dir}`);
    }
    const direction = getComputedStyle(fragment).direction;
    if (direction !== entry.dir) failures.push(`${where}: displayed ${direction}, not ${entry.dir}`);
    if (direction === "rtl") rightToLeft.add(locale);
    if (fragment.textContent !== fieldText(entry, field)) {
      failures.push(`${where}: the fragment's text ${JSON.stringify(fragment.textContent)} is not the field's ${JSON.stringify(fieldText(entry, field))}`);
    }

    // One node per part: a <span> of the role's class for a run with a role, text for the rest.
    const nodes = Array.from(fragment.childNodes);
    if (nodes.length !== parts.length) {
      failures.push(`${where}: ${nodes.length} nodes for ${parts.length} parts`);
      continue;
    }
    nodes.forEach((node, index) => {
      const part = parts[index];
      if (part.role) {
        if (node.nodeType !== Node.ELEMENT_NODE || node.className !== part.role || node.textContent !== part.text) {
          failures.push(`${where}: part ${index} (${part.role} ${JSON.stringify(part.text)}) is ${node.nodeType === Node.ELEMENT_NODE ? `<span class="${node.className}">` : "text"} ${JSON.stringify(node.textContent)}`);
        } else {
          runs += 1;
        }
      } else if (node.nodeType !== Node.TEXT_NODE || node.textContent !== part.text) {
        failures.push(`${where}: part ${index} (literal ${JSON.stringify(part.text)}) is ${JSON.stringify(node.textContent)}`);
      }
    });

    // The runs in sentence order: each one after the last in the fragment's direction.
    const visible = nodes.filter((node) => !invisible.test(node.textContent));
    for (let index = 1; index < visible.length; index += 1) {
      const before = box(visible[index - 1]), after = box(visible[index]);
      if (!sameLine(before, after)) { failures.push(`${where}: runs ${index - 1} and ${index} are not on one line`); continue; }
      const inOrder = direction === "rtl" ? after.right <= before.left + 1 : after.left >= before.right - 1;
      if (!inOrder) {
        failures.push(`${where}: ${JSON.stringify(visible[index].textContent)} is displayed ${direction === "rtl" ? "right" : "left"} of ${JSON.stringify(visible[index - 1].textContent)}`);
      }
      orderChecks += 1;
    }

    // Inside each run, what reads left to right displays left to right (`US$`, never `$US`).
    for (const node of nodes) {
      const textNode = node.nodeType === Node.TEXT_NODE ? node : node.firstChild;
      if (!textNode || textNode.nodeType !== Node.TEXT_NODE) continue;
      const text = textNode.textContent;
      for (let index = 1; index < text.length; index += 1) {
        if (!isLeftToRight(text, index - 1) || !isLeftToRight(text, index)) continue;
        const before = characterBox(textNode, index - 1), after = characterBox(textNode, index);
        if (!(after.left >= before.left)) {
          failures.push(`${where}: ${JSON.stringify(text[index - 1] + text[index])} displays reversed in ${JSON.stringify(text)}`);
        }
        characterChecks += 1;
      }
    }
  }

  document.getElementById("result").textContent = JSON.stringify({
    failures, fragments, runs, orderChecks, characterChecks, rightToLeft: Array.from(rightToLeft).sort(),
  });
})();
