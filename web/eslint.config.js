// `npm run lint`: typescript-eslint, the rules of hooks, no import cycles, and the import
// boundaries of the two apps (STYLE.md: features don't import each other's internals;
// components/ and lib/ are shared by every feature, so they import none; the console,
// src/admin, is an app of its own beside the shop, which never imports it).
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig, globalIgnores } from 'eslint/config';
import tseslint from 'typescript-eslint';

const root = import.meta.dirname;
const featuresDir = path.join(root, 'src/features');
const features = readdirSync(featuresDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

// One zone per feature: every other feature may import only its index.ts, if it has one.
const featureZones = features.map((feature) => {
  const hasEntry = existsSync(path.join(featuresDir, feature, 'index.ts'));
  return {
    target: `./src/features/!(${feature})/**`,
    from: `./src/features/${feature}`,
    except: hasEntry ? ['./index.ts'] : [],
    message: hasEntry
      ? `Another feature reaches ${feature} only through its public entry: import from '@/features/${feature}'.`
      : `Feature ${feature} has no public entry: export what other features need from src/features/${feature}/index.ts.`,
  };
});

// The console (src/admin) reaches the shop's features as other features do: through their
// index.ts. Its tests may reach further, to render the shop's own view of what the console
// changed beside it.
const consoleCode = './src/admin/**/!(*.test).{ts,tsx}';
const consoleFeatureZones = features.map((feature) => {
  const hasEntry = existsSync(path.join(featuresDir, feature, 'index.ts'));
  return {
    target: consoleCode,
    from: `./src/features/${feature}`,
    except: hasEntry ? ['./index.ts'] : [],
    message: hasEntry
      ? `The console reaches the shop's ${feature} only through its public entry: import from '@/features/${feature}'.`
      : `Feature ${feature} has no public entry: export what the console needs from src/features/${feature}/index.ts.`,
  };
});

// One zone per console area (src/admin/<area>/, beside shared/ and the app/ shell): every
// other area, shared/ included, may import only its index.ts, if it has one. What several
// areas use lives in shared/, which imports no area.
const adminDir = path.join(root, 'src/admin');
const adminAreas = readdirSync(adminDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && entry.name !== 'app' && entry.name !== 'shared')
  .map((entry) => entry.name);
const adminAreaZones = adminAreas.map((area) => {
  const hasEntry = existsSync(path.join(adminDir, area, 'index.ts'));
  return {
    target: `./src/admin/!(${area}|app)/**`,
    from: `./src/admin/${area}`,
    except: hasEntry ? ['./index.ts'] : [],
    message: hasEntry
      ? `Another console area reaches ${area} only through its public entry: import from '@/admin/${area}'; what several areas use belongs in src/admin/shared/.`
      : `Console area ${area} has no public entry: move what other areas need to src/admin/shared/, or export it from src/admin/${area}/index.ts.`,
  };
});

export default defineConfig([
  globalIgnores(['dist/', 'node_modules/', 'playwright-report/', 'test-results/', 'src/api/schema.d.ts']),
  {
    files: ['src/**/*.{ts,tsx}', 'e2e/**/*.ts'],
    extends: [tseslint.configs.recommended],
    plugins: { 'import-x': importX },
    settings: {
      // The cycle check reads each imported module's own imports: only files of these
      // extensions, parsed as TypeScript (without them it reads none and finds no cycle).
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      // Resolve `@/…` through tsconfig's paths, as tsc and Vite do, so both the alias and
      // relative imports land on the file they name.
      'import-x/resolver-next': [
        createNodeResolver({
          tsconfig: { configFile: path.join(root, 'tsconfig.json') },
          extensions: ['.ts', '.tsx', '.d.ts', '.js', '.json'],
        }),
      ],
    },
    rules: {
      // As tsc's noUnused* already agree: a leading _ marks a parameter kept on purpose, and
      // a destructured name beside a rest element is how a key is left out of a copy.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', ignoreRestSiblings: true }],
      // The boundary rule passes over an import it cannot resolve, so an alias or relative
      // path the resolver misses must fail here rather than slip past it.
      'import-x/no-unresolved': ['error', { ignore: ['^(?!@/|\\.)'] }],
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: root,
          zones: [
            {
              target: ['./src/components', './src/lib'],
              from: './src/features',
              message:
                'components/ and lib/ are shared by every feature and import none: move the piece they need into components/ or lib/, or compose it in src/app/.',
            },
            ...featureZones,
            {
              target: ['./src/app', './src/features', './src/components', './src/lib', './src/config', './src/api', './src/main.tsx'],
              from: './src/admin',
              message:
                "The shop never imports the console (src/admin): it is another document, whose code must not reach a shopper's browser. Move what both need into components/, lib/ or api/.",
            },
            ...consoleFeatureZones,
            ...adminAreaZones,
            {
              target: './src/admin/!(app)/**/!(*.test).{ts,tsx}',
              from: './src/admin/app',
              message: "The console's shell (src/admin/app) composes the areas' routes; an area or shared/ never imports it.",
            },
          ],
        },
      ],
    },
  },
  {
    // React and the app's module graph are src/'s; e2e/ is Playwright, whose fixtures call a
    // `use` that is no hook.
    files: ['src/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat.recommended],
    rules: {
      'react-hooks/exhaustive-deps': 'error',
      // A cycle makes the order modules run in depend on which is imported first, and ties
      // both ends to each other's changes: lower floors never import higher ones (STYLE.md).
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
]);
