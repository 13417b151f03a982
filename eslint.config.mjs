import js from '@eslint/js';
import { n8nCommunityNodesPlugin } from '@n8n/eslint-plugin-community-nodes';
import n8nNodesBase from 'eslint-plugin-n8n-nodes-base';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// What `n8n-node lint` runs at the repository's root (`npm run lint`; the choice is in docs/choices/tooling.md).
// What ships (nodes/, credentials/, package.json) gets the rules of n8n's own CLI (@n8n/node-cli's `config`):
// n8n's community-node rules for n8n Cloud, the community, credentials and nodes rule sets of
// eslint-plugin-n8n-nodes-base, and the CLI's few exceptions where the older nodes-base rules contradict the
// community rules. Its import rules (eslint-plugin-import-x) are not installed here: `npm run lint` also runs
// the CLI's own configuration, unchanged and with them, over a copy of what ships.
// What n8n never loads (test/, bench/, scripts/) gets rules of its own at the end: typescript-eslint's
// recommended, no n8n rules (they forbid the `fs`, `process` and timers a test harness needs).
// Inline `eslint-disable` comments count for nothing, as in n8n's scanner.
export default tseslint.config(
	{ linterOptions: { noInlineConfig: true } },
	{
		ignores: [
			'dist/**',
			'node_modules/**',
			'.cache/**',
			'examples/**',
			'test-output/**',
			'*.js',
			'*.mjs',
		],
	},
	{
		files: ['nodes/**/*.ts', 'credentials/**/*.ts'],
		extends: [
			js.configs.recommended,
			tseslint.configs.recommended,
			n8nCommunityNodesPlugin.configs.recommended,
		],
		rules: { 'prefer-spread': 'off', 'no-console': 'error' },
	},
	{ plugins: { 'n8n-nodes-base': n8nNodesBase } },
	{
		files: ['package.json'],
		extends: [n8nCommunityNodesPlugin.configs.recommended],
		rules: { ...n8nNodesBase.configs.community.rules },
		languageOptions: { parser: tseslint.parser, parserOptions: { extraFileExtensions: ['.json'] } },
	},
	{
		files: ['credentials/**/*.ts'],
		rules: {
			...n8nNodesBase.configs.credentials.rules,
			'n8n-nodes-base/cred-class-field-documentation-url-miscased': 'off',
			'n8n-nodes-base/cred-class-field-type-options-password-missing': 'off',
		},
	},
	{
		files: ['nodes/**/*.ts'],
		rules: {
			...n8nNodesBase.configs.nodes.rules,
			'n8n-nodes-base/node-class-description-inputs-wrong-regular-node': 'off',
			'n8n-nodes-base/node-class-description-outputs-wrong': 'off',
			'n8n-nodes-base/node-param-type-options-max-value-present': 'off',
		},
	},
	{
		files: ['test/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.ts'],
		extends: [js.configs.recommended, tseslint.configs.recommended],
		languageOptions: { globals: globals.node },
		rules: {
			// A leading underscore marks a deliberate discard: a key dropped from a copy by destructuring
			// (`{ mac: _mac, ...rest }`), or a callback parameter n8n's or Node's signature imposes.
			'@typescript-eslint/no-unused-vars': [
				'error',
				{
					argsIgnorePattern: '^_',
					varsIgnorePattern: '^_',
					caughtErrorsIgnorePattern: '^_',
					destructuredArrayIgnorePattern: '^_',
				},
			],
		},
	},
	{
		// Engine tests read the service's JSON answers and request bodies, whose shape is what their assertions
		// check; typing each nested body would add casts and no check.
		files: ['test/nodes/**/*.ts'],
		rules: { '@typescript-eslint/no-explicit-any': 'off' },
	},
	{
		// Modules found at run time by file name (the emulator's families, the node and credential classes
		// package.json lists): a computed path, loaded synchronously, which an import statement cannot express.
		files: ['test/emulator/server.ts', 'test/harness/types.ts'],
		rules: { '@typescript-eslint/no-require-imports': 'off' },
	},
	{
		// Strips the ANSI colour codes (ESC [ … m) from a child process's output: the control character is the point.
		files: ['scripts/lib/verify.ts'],
		rules: { 'no-control-regex': 'off' },
	},
	{
		files: ['test/**/*.{js,mjs,cjs}', 'bench/**/*.{js,mjs,cjs}', 'scripts/**/*.{js,mjs,cjs}'],
		extends: [js.configs.recommended],
		languageOptions: { globals: globals.node },
	},
	{ files: ['**/*.js', '**/*.cjs'], languageOptions: { sourceType: 'commonjs' } },
);
