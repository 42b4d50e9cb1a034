// The feature-boundary rule refuses what it should, on the features' real public.json lists, the web's and
// the server's: an import of a module another feature does not list, and a shared floor of the web
// importing a feature (issue 40, done when).
import path from 'node:path';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, it } from 'vitest';
import { featureBoundaries } from './eslint-feature-boundaries.js';

RuleTester.describe = describe;
RuleTester.it = it;

const WEB = path.resolve(import.meta.dirname, '../src/web');
const SERVER = path.resolve(import.meta.dirname, '../src/server');
const at = (file: string) => path.join(WEB, file);
const onServer = (file: string) => path.join(SERVER, file);
const tester = new RuleTester({ languageOptions: { parser: tseslint.parser, parserOptions: { ecmaFeatures: { jsx: true } } } });

tester.run('boundaries/public-modules', featureBoundaries.rules!['public-modules']!, {
  valid: [
    { name: 'a module the other feature lists', filename: at('features/home/home-page.tsx'), code: "import { x } from '../tournaments/tournaments-api.ts';" },
    { name: 'anything inside the same feature', filename: at('features/tournaments/event/tournament-page.tsx'), code: "import { x } from '../playing/round-view.tsx';" },
    { name: 'a shared floor from a feature', filename: at('features/home/home-page.tsx'), code: "import { x } from '../../components/ui/button.tsx';" },
    { name: 'the route map, outside features', filename: at('routes.tsx'), code: "const Page = lazy(() => import('./features/tournaments/event/tournament-page.tsx'));" },
    { name: 'a package', filename: at('features/home/home-page.tsx'), code: "import { useQuery } from '@tanstack/react-query';" },
    {
      name: 'a server feature importing a module the other lists',
      filename: onServer('features/records/record-writer.ts'),
      code: "import { edoproSetnames } from '../cards/edopro-setnames.ts';",
    },
    { name: 'the server’s wiring, outside features', filename: onServer('app.ts'), code: "import { BanlistReads } from './features/banlists/banlist-reads.ts';" },
    {
      name: 'a server floor using a feature (only the web’s floors are kept apart)',
      filename: onServer('link-cards/og-picture.ts'),
      code: "import { MAX_INPUT_PIXELS } from '../features/images/image-processing.ts';",
    },
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
    {
      name: 'a server feature importing a module the other does not list (the type that made cards ↔ banlists)',
      filename: onServer('features/cards/card-search-routes.ts'),
      code: "import type { BanlistReads } from '../banlists/banlist-reads.ts';",
      errors: [{ messageId: 'notPublic', data: { feature: 'banlists', module: 'banlist-reads.ts' } }],
    },
    {
      name: 'a server feature reaching into another’s folder',
      filename: onServer('features/players/players.ts'),
      code: "import { x } from '../discord-bot/commands/report.ts';",
      errors: [{ messageId: 'notPublic' }],
    },
  ],
});
