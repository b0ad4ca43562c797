import type { LLMPromptPayload, SerializableDOMNode, TabInfo } from './types';

/**
 * Attributes worth a model's attention: what a control is (type, role, name), what it holds (value, checked,
 * placeholder) and what it says about itself (title, alt, aria-*). Ids, classes and hrefs are left out: long, and
 * rarely what a step names.
 */
export const DEFAULT_INCLUDE_ATTRIBUTES: readonly string[] = [
  'title',
  'type',
  'checked',
  'name',
  'role',
  'value',
  'placeholder',
  'alt',
  'aria-label',
  'aria-expanded',
  'aria-checked',
  'aria-selected',
];

/** Longer texts and attribute values are cut: a model needs to recognise an element, not read an essay. */
const MAX_TEXT = 100;
const MAX_VALUE = 60;

/**
 * Turns the processed DOM into the text a planner reads (browser-use's "clickable elements" view): one line per
 * indexed element, `[12]<button type="submit">Save</button>`, whose text is the text beneath it up to the next indexed
 * element; visible page text that belongs to no indexed element on lines of its own; one tab of indentation per
 * indexed ancestor. Only what is visible and within the extraction's expanded viewport appears.
 */
export class StateFormatterService {
  formatDomForLLM(
    domTree: SerializableDOMNode,
    includeAttributes: readonly string[] = DEFAULT_INCLUDE_ATTRIBUTES,
  ): string {
    const lines: string[] = [];
    // `inside`: an indexed ancestor already printed this text on its own line.
    const walk = (node: SerializableDOMNode, depth: number, inside: boolean) => {
      if (node.tagName === '#text') {
        if (node.isVisible && node.isInViewport && !inside)
          lines.push(`${'\t'.repeat(depth)}${clip(node.text ?? '', MAX_TEXT)}`);
        return;
      }
      const indexed = node.highlightIndex !== undefined;
      if (indexed) {
        lines.push(`${'\t'.repeat(depth)}${elementLine(node, includeAttributes)}`);
      } else if (node.frame === 'cross-origin' && node.isVisible && node.isInViewport) {
        lines.push(
          `${'\t'.repeat(depth)}<iframe${attributeText({ src: node.attributes.src ?? '' }, ['src'], '')} /> (cross-origin: its content is not shown)`,
        );
      }
      for (const child of node.children) walk(child, indexed ? depth + 1 : depth, inside || indexed);
    };
    walk(domTree, 0, false);
    return lines.join('\n');
  }

  createLlmPromptPayload(dom: string, url: string, action: string, tabs: TabInfo[] = [], title = ''): LLMPromptPayload {
    return { url, title, tabs, dom, action };
  }
}

function elementLine(node: SerializableDOMNode, include: readonly string[]): string {
  const text = clip(textUntilNextIndexed(node), MAX_TEXT);
  const attributes = attributeText(node.attributes, include, text, node.tagName);
  return text
    ? `[${node.highlightIndex}]<${node.tagName}${attributes}>${text}</${node.tagName}>`
    : `[${node.highlightIndex}]<${node.tagName}${attributes} />`;
}

/** The whitelisted attributes, minus those that repeat the text or the tag (`role="button"` on a button). */
function attributeText(attributes: Record<string, string>, include: readonly string[], text: string, tag = ''): string {
  let out = '';
  for (const name of include) {
    const value = attributes[name];
    if (value === undefined) continue;
    if (value === '') {
      if (name === 'checked') out += ' checked';
      continue;
    }
    if (value === text || (name === 'role' && value === tag)) continue;
    out += ` ${name}="${clip(value, MAX_VALUE).replace(/"/g, '&quot;')}"`;
  }
  return out;
}

/** Visible text beneath an indexed element, stopping at (not entering) any indexed descendant. */
function textUntilNextIndexed(node: SerializableDOMNode): string {
  const parts: string[] = [];
  const walk = (current: SerializableDOMNode) => {
    for (const child of current.children) {
      if (child.tagName === '#text') {
        if (child.isVisible && child.text) parts.push(child.text);
      } else if (child.highlightIndex === undefined) walk(child);
    }
  };
  walk(node);
  return parts.join(' ').replace(/\s+/g, ' ').trim();
}

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);
