// ESLint rule `boundaries/public-modules` (issue 40 §4, decisions 040 and 039): a feature imports another
// feature only through the modules that feature lists in its public.json (bulletproof-react's restricted
// paths, read from the lists the features keep); the web's shared floors (components/, lib/) import no
// feature. Circles between features are a property of the whole graph: the feature-boundaries tests
// catch those.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** src/web and src/server: each has its own features/ folder. */
const SIDES = ['web', 'server'];
const lists = new Map();

/** The modules a feature lets others import: the keys of its public.json (none without one). */
function publicModules(featuresDir, feature) {
  const file = path.join(featuresDir, feature, 'public.json');
  let list = lists.get(file);
  if (!list) {
    list = existsSync(file) ? new Set(Object.keys(JSON.parse(readFileSync(file, 'utf8')))) : new Set();
    lists.set(file, list);
  }
  return list;
}

/** Where a file sits: its side's root, and the feature and module within features/ when it is in one. */
function placeOf(file) {
  const parts = path.resolve(file).split(path.sep);
  const src = parts.lastIndexOf('src');
  if (src < 0 || !SIDES.includes(parts[src + 1])) return undefined;
  const root = parts.slice(0, src + 2).join(path.sep);
  const inner = parts.slice(src + 2);
  if (inner[0] === 'features' && inner.length > 2) {
    return { root, floor: 'features', feature: inner[1], module: inner.slice(2).join('/') };
  }
  return { root, floor: inner[0] };
}

const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'A feature imports another only through the modules its public.json lists' },
    schema: [],
    messages: {
      notPublic: '{{feature}}/{{module}} is not public: import what {{feature}}/public.json lists, or list this module there with what it is for',
      sharedImportsFeature: '{{floor}}/ is shared by every feature and imports none ({{feature}}/{{module}})',
    },
  },
  create(context) {
    const from = placeOf(context.filename);
    if (!from) return {};
    const check = (node, source) => {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const to = placeOf(path.resolve(path.dirname(context.filename), source));
      if (!to || to.root !== from.root || to.floor !== 'features') return;
      if (from.floor === 'features') {
        if (from.feature === to.feature) return;
        if (!publicModules(path.join(to.root, 'features'), to.feature).has(to.module)) {
          context.report({ node, messageId: 'notPublic', data: { feature: to.feature, module: to.module } });
        }
      } else if (path.basename(from.root) === 'web' && (from.floor === 'components' || from.floor === 'lib')) {
        context.report({ node, messageId: 'sharedImportsFeature', data: { floor: from.floor, feature: to.feature, module: to.module } });
      }
    };
    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
    };
  },
};

export const featureBoundaries = { rules: { 'public-modules': rule } };
