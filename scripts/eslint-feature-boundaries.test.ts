// The feature-boundary rule refuses what it should, on the features' real public.json lists: an import of
// a module another feature does not list, and a shared floor importing a feature (issue 40, done when).
import path from 'node:path';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, it } from 'vitest';
import { featureBoundaries } from './eslint-feature-boundaries.js';

RuleTester.describe = describe;
RuleTester.it = it;

const WEB = path.resolve(import.meta.dirname, '../src/web');
const at = (file: string) => path.join(WEB, file);
const tester = new RuleTester({ languageOptions: { parser: tseslint.parser, parserOptions: { ecmaFeatures: { jsx: true } } } });

tester.run('boundaries/public-modules', featureBoundaries.rules!['public-modules']!, {
  valid: [
    { name: 'a module the other feature lists', filename: at('features/home/home-page.tsx'), code: "import { x } from '../tournaments/tournaments-api.ts';" },
    { name: 'anything inside the same feature', filename: at('features/tournaments/event/tournament-page.tsx'), code: "import { x } from '../playing/round-view.tsx';" },
    { name: 'a shared floor from a feature', filename: at('features/home/home-page.tsx'), code: "import { x } from '../../components/ui/button.tsx';" },
    { name: 'the route map, outside features', filename: at('routes.tsx'), code: "const Page = lazy(() => import('./features/tournaments/event/tournament-page.tsx'));" },
    { name: 'a package', filename: at('features/home/home-page.tsx'), code: "import { useQuery } from '@tanstack/react-query';" },
  ],
  invalid: [
    {
      name: 'a module the other feature does not list',
      filename: at('features/home/home-page.tsx'),
      code: "import { x } from '../tournaments/playing/round-view.tsx';",
      errors: [{ messageId: 'notPublic' }],
    },
    {
      name: 'a type-only import counts too',
      filename: at('features/records/report-page.tsx'),
      code: "import type { X } from '../tournaments/tournament-view.ts';",
      errors: [{ messageId: 'notPublic' }],
    },
    {
      name: 're-exporting another feature’s inside',
      filename: at('features/meta/meta-page.tsx'),
      code: "export { x } from '../banlists/banlist-page.tsx';",
      errors: [{ messageId: 'notPublic' }],
    },
    {
      name: 'a lazy import of another feature’s inside',
      filename: at('features/home/home-page.tsx'),
      code: "const P = () => import('../judgement/judgement-board-page.tsx');",
      errors: [{ messageId: 'notPublic' }],
    },
    {
      name: 'components/ importing a feature',
      filename: at('components/ui/button.tsx'),
      code: "import { x } from '../../features/tournaments/tournaments-api.ts';",
      errors: [{ messageId: 'sharedImportsFeature' }],
    },
  ],
});
