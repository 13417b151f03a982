import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { createRequire } from 'node:module';
import { join } from 'node:path';

import { cleanEnv, ensureN8n, node24, node24Env, N8N_2_SPEC, type N8nInstallSpec } from './install';
import { paths } from './paths';
import { run, signalGroup, spawnLogged, stopChild, type RunResult } from './proc';

/** The owner account every run creates (a local, throwaway instance). */
export const OWNER = {
	email: 'owner@example.com',
	firstName: 'Demo',
	lastName: 'Owner',
	password: 'Document-Execution-1',
};

/** Fixed, so that credentials imported by one command can be read by the next. Never a production key. */
export const ENCRYPTION_KEY = 'document-execution-e2e-encryption-key';

/** Distinct TCP ports nobody listens on right now (held together, so that none is handed out twice). */
export async function freePorts(count: number): Promise<number[]> {
	const servers = await Promise.all(
		Array.from(
			{ length: count },
			() =>
				new Promise<Server>((resolve, reject) => {
					const server = createServer();
					server.once('error', reject);
					server.listen(0, '127.0.0.1', () => resolve(server));
				}),
		),
	);
	const ports = servers.map((server) => (server.address() as AddressInfo).port);
	await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
	return ports;
}

export const freePort = async (): Promise<number> => (await freePorts(1))[0];

/**
 * What an n8n process is: the main instance (`n8n start`: editor, REST API, and in regular mode the
 * executions), or in queue mode a worker (`n8n worker`, runs the queued executions) or a webhook processor
 * (`n8n webhook`, takes production webhook calls and queues their executions).
 */
export type N8nRole = 'main' | 'worker' | 'webhook';

export interface N8nOptions {
	/** Names the user folder, `.cache/runs/<name>`, which several processes of one queue-mode setup share. */
	name: string;
	/** Default 'main'. A worker's `port` is its health-check port. */
	role?: N8nRole;
	/** More arguments of the command (e.g. a worker's `--concurrency=1`). */
	args?: string[];
	/** The log file's name in the user folder, without `.log` (default `n8n`). */
	logName?: string;
	/** Delete the user folder (database, settings, installed packages) first. */
	fresh?: boolean;
	port?: number;
	/** The task-runner broker port of the server; CLI commands get their own. */
	brokerPort?: number;
	spec?: N8nInstallSpec;
	/** Extra environment for the server and the CLI commands. */
	env?: NodeJS.ProcessEnv;
}

export interface ExecuteResult {
	code: number | null;
	/** The run data n8n printed (IRun), when it printed any. */
	run?: N8nRun;
	stdout: string;
	stderr: string;
}

export interface N8nItem {
	json: Record<string, unknown>;
	binary?: Record<
		string,
		{
			id?: string;
			data?: string;
			mimeType: string;
			fileName?: string;
			fileSize?: string;
			bytes?: number;
			fileExtension?: string;
		}
	>;
}

export interface N8nRun {
	finished?: boolean;
	status?: string;
	data: {
		resultData: {
			error?: { message: string; description?: string };
			lastNodeExecuted?: string;
			runData: Record<
				string,
				Array<{
					error?: { message: string; description?: string };
					data?: { main: Array<N8nItem[] | null> };
				}>
			>;
		};
	};
}

const UNFINISHED = ['new', 'running', 'waiting'];

export interface StoredExecution {
	id: string;
	status: string;
	mode: string;
	workflowId: string;
	startedAt?: string;
	stoppedAt?: string;
	data: N8nRun['data'];
}

/** One n8n application with a private user folder under `.cache/runs/`. */
export class N8n {
	readonly userFolder: string;

	readonly port: number;

	readonly url: string;

	readonly logFile: string;

	private child?: ChildProcess;

	private cookie?: string;

	private readonly browserId = randomUUID();

	private constructor(
		private readonly options: N8nOptions & {
			port: number;
			brokerPort: number;
			spec: N8nInstallSpec;
		},
	) {
		this.userFolder = join(paths.runs, options.name);
		this.port = options.port;
		this.url = `http://127.0.0.1:${options.port}`;
		this.logFile = join(this.userFolder, `${options.logName ?? 'n8n'}.log`);
	}

	/** Prepares the user folder (and installs n8n if needed); does not start the server. */
	static async create(options: N8nOptions): Promise<N8n> {
		const spec = options.spec ?? N8N_2_SPEC;
		await ensureN8n(spec);
		const n8n = new N8n({
			...options,
			spec,
			port: options.port ?? (await freePort()),
			brokerPort: options.brokerPort ?? (await freePort()),
		});
		if (options.fresh) rmSync(n8n.userFolder, { recursive: true, force: true });
		mkdirSync(join(n8n.userFolder, '.n8n'), { recursive: true });
		return n8n;
	}

	/** Adds to the server's extra environment; it takes effect at the next start. */
	withEnv(env: NodeJS.ProcessEnv): void {
		this.options.env = { ...this.options.env, ...env };
	}

	get version(): string {
		return this.options.spec.version;
	}

	/** The environment n8n runs with; `brokerPort` differs between the server and each CLI command. */
	env(brokerPort: number): NodeJS.ProcessEnv {
		const base = this.options.spec.node === 'node24' ? node24Env() : cleanEnv();
		return {
			...base,
			N8N_USER_FOLDER: this.userFolder,
			N8N_ENCRYPTION_KEY: ENCRYPTION_KEY,
			N8N_LISTEN_ADDRESS: '127.0.0.1',
			N8N_HOST: '127.0.0.1',
			N8N_PORT: String(this.port),
			N8N_PROTOCOL: 'http',
			WEBHOOK_URL: `${this.url}/`,
			N8N_EDITOR_BASE_URL: `${this.url}/`,
			N8N_SECURE_COOKIE: 'false',
			N8N_DIAGNOSTICS_ENABLED: 'false',
			N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
			N8N_TEMPLATES_ENABLED: 'false',
			N8N_PERSONALIZATION_ENABLED: 'false',
			N8N_HIRING_BANNER_ENABLED: 'false',
			N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS: 'false',
			N8N_COMMUNITY_PACKAGES_ENABLED: 'true',
			N8N_REINSTALL_MISSING_PACKAGES: 'false',
			N8N_RUNNERS_BROKER_PORT: String(brokerPort),
			N8N_LOG_LEVEL: 'info',
			N8N_LOG_OUTPUT: 'console',
			N8N_PYTHON_RUNNER_ENABLED: 'false',
			NODE_ENV: 'production',
			...this.options.env,
		};
	}

	private nodeBinary(): string {
		return this.options.spec.node === 'node24' ? node24() : process.execPath;
	}

	get role(): N8nRole {
		return this.options.role ?? 'main';
	}

	/**
	 * Starts the process (`n8n start`, `n8n worker` or `n8n webhook`) and waits until /healthz/readiness (and on
	 * the main instance the REST API) answers 200.
	 */
	async start(timeoutMs = 180_000): Promise<void> {
		const begin = Date.now();
		const command = this.role === 'main' ? 'start' : this.role;
		// Readiness (database up) comes before the REST routes in n8n 1.x: wait for both.
		const readiness =
			this.role === 'main' ? ['/healthz/readiness', '/rest/settings'] : ['/healthz/readiness'];
		this.child = spawnLogged(
			this.nodeBinary(),
			[paths.n8nBin(this.version), command, ...(this.options.args ?? [])],
			this.logFile,
			{
				cwd: this.userFolder,
				env: this.env(this.options.brokerPort),
			},
		);
		const child = this.child;
		let exited: string | undefined;
		child.once('exit', (code, signal) => (exited = `n8n ${command} exited with ${code ?? signal}`));
		while (Date.now() - begin < timeoutMs) {
			if (exited) throw new Error(`${exited} before it was ready:\n${this.logTail()}`);
			try {
				let ready = true;
				for (const path of readiness) {
					ready &&=
						(await fetch(`${this.url}${path}`, { signal: AbortSignal.timeout(2000) })).status ===
						200;
				}
				if (ready) return;
			} catch {
				/* not listening yet */
			}
			await new Promise((resolve) => setTimeout(resolve, 500));
		}
		await this.stop();
		throw new Error(`n8n ${command} was not ready after ${timeoutMs / 1000} s:\n${this.logTail()}`);
	}

	get pid(): number | undefined {
		return this.child?.pid;
	}

	get running(): boolean {
		return Boolean(this.child && this.child.exitCode === null && this.child.signalCode === null);
	}

	/** Stops the server by its own process group; safe to call twice or when it never started. */
	async stop(): Promise<void> {
		if (this.child) await stopChild(this.child, 15_000);
		this.child = undefined;
	}

	/** SIGKILL to the process and everything it started (its task runners), as when its machine dies. */
	async kill(): Promise<void> {
		const child = this.child;
		if (!child || child.exitCode !== null || child.signalCode !== null) return;
		const exited = new Promise((resolve) => child.once('exit', resolve));
		signalGroup(child, 'SIGKILL');
		await exited;
	}

	logTail(lines = 40): string {
		if (!existsSync(this.logFile)) return '(no log)';
		return readFileSync(this.logFile, 'utf8').split('\n').slice(-lines).join('\n');
	}

	log(): string {
		return existsSync(this.logFile) ? readFileSync(this.logFile, 'utf8') : '';
	}

	/** Runs an n8n CLI command against the same user folder (with its own task-runner broker port). */
	async cli(
		args: string[],
		options: { allowFailure?: boolean; timeoutMs?: number } = {},
	): Promise<RunResult> {
		return await run(this.nodeBinary(), [paths.n8nBin(this.version), ...args], {
			cwd: this.userFolder,
			env: this.env(await freePort()),
			allowFailure: options.allowFailure,
			timeoutMs: options.timeoutMs ?? 180_000,
		});
	}

	/** `n8n import:credentials` from objects (credential `data` as plain JSON; n8n encrypts it). */
	async importCredentials(credentials: Array<Record<string, unknown>>): Promise<void> {
		const file = join(this.userFolder, `import-credentials-${randomUUID()}.json`);
		writeFileSync(file, JSON.stringify(credentials, null, 2));
		try {
			await this.cli(['import:credentials', `--input=${file}`]);
		} finally {
			rmSync(file, { force: true });
		}
	}

	/** `n8n import:workflow --separate` of several workflows in one command (one n8n start instead of many). */
	async importWorkflows(
		workflows: Array<Record<string, unknown> & { id: string }>,
	): Promise<string[]> {
		const folder = join(this.userFolder, `import-workflows-${randomUUID()}`);
		mkdirSync(folder, { recursive: true });
		for (const workflow of workflows)
			writeFileSync(join(folder, `${workflow.id}.json`), JSON.stringify(workflow, null, 2));
		try {
			await this.cli(['import:workflow', '--separate', `--input=${folder}`]);
		} finally {
			rmSync(folder, { recursive: true, force: true });
		}
		return workflows.map((workflow) => workflow.id);
	}

	/** `n8n import:workflow` from an object; returns the workflow id. */
	async importWorkflow(workflow: Record<string, unknown> & { id: string }): Promise<string> {
		const file = join(this.userFolder, `import-workflow-${randomUUID()}.json`);
		writeFileSync(file, JSON.stringify(workflow, null, 2));
		try {
			await this.cli(['import:workflow', `--input=${file}`]);
		} finally {
			rmSync(file, { force: true });
		}
		return workflow.id;
	}

	/** `n8n execute --id=<id> --rawOutput`; parses the run data n8n prints after its log lines. */
	async execute(workflowId: string): Promise<ExecuteResult> {
		const result = await this.cli(['execute', `--id=${workflowId}`, '--rawOutput'], {
			allowFailure: true,
		});
		return { ...result, run: parseRunOutput(result.stdout) };
	}

	/** `POST /rest/owner/setup` (first start only), then a login whose cookie later REST calls send. */
	async setupOwner(): Promise<void> {
		const setup = await this.rawRest('POST', '/rest/owner/setup', OWNER);
		if (setup.status !== 200 && !(await this.login())) {
			throw new Error(`Owner setup answered ${setup.status}: ${await setup.text()}`);
		}
		if (setup.status === 200) this.keepCookie(setup);
		if (!this.cookie) await this.login();
	}

	async login(): Promise<boolean> {
		const response = await this.rawRest('POST', '/rest/login', {
			emailOrLdapLoginId: OWNER.email,
			password: OWNER.password,
		});
		if (response.status !== 200) return false;
		this.keepCookie(response);
		return true;
	}

	private keepCookie(response: Response): void {
		const cookie = response.headers.getSetCookie().find((value) => value.startsWith('n8n-auth='));
		if (cookie) this.cookie = cookie.split(';')[0];
	}

	private async rawRest(method: string, path: string, body?: unknown): Promise<Response> {
		return await fetch(`${this.url}${path}`, {
			method,
			headers: {
				'content-type': 'application/json',
				'browser-id': this.browserId,
				...(this.cookie ? { cookie: this.cookie } : {}),
			},
			body: body === undefined ? undefined : JSON.stringify(body),
		});
	}

	/** A REST call as the signed-in owner; returns `data` of n8n's `{ data }` answers. */
	async rest<T = unknown>(method: string, path: string, body?: unknown): Promise<T> {
		const response = await this.rawRest(method, path, body);
		const text = await response.text();
		if (response.status >= 400)
			throw new Error(`${method} ${path} answered ${response.status}: ${text.slice(0, 500)}`);
		const parsed = text ? (JSON.parse(text) as { data?: T }) : {};
		return (parsed && typeof parsed === 'object' && 'data' in parsed ? parsed.data : parsed) as T;
	}

	/** `POST /rest/workflows/<id>/run` from its trigger; in queue mode with offloading a worker runs it. */
	async runManually(workflowId: string, triggerName: string): Promise<string> {
		const started = await this.rest<{ executionId?: string }>(
			'POST',
			`/rest/workflows/${workflowId}/run`,
			{ triggerToStartFrom: { name: triggerName } },
		);
		if (!started.executionId)
			throw new Error(`n8n started no execution of ${workflowId}: ${JSON.stringify(started)}`);
		return started.executionId;
	}

	/** One stored execution, its run data unpacked (n8n's REST API serialises it with `flatted`). */
	async execution(id: string): Promise<StoredExecution> {
		const record = await this.rest<Omit<StoredExecution, 'data'> & { data: string }>(
			'GET',
			`/rest/executions/${id}`,
		);
		const flatted = createRequire(paths.n8nBin(this.version))('flatted') as {
			parse(text: string): unknown;
		};
		return { ...record, data: flatted.parse(record.data) as N8nRun['data'] };
	}

	/** Polls an execution until it has left new/running/waiting (bounded by `timeoutMs`). */
	async finishedExecution(id: string, timeoutMs = 60_000): Promise<StoredExecution> {
		const deadline = Date.now() + timeoutMs;
		for (;;) {
			const execution = await this.execution(id);
			if (!UNFINISHED.includes(execution.status)) return execution;
			if (Date.now() > deadline)
				throw new Error(`Execution ${id} is still ${execution.status} after ${timeoutMs / 1000} s`);
			await new Promise((resolve) => setTimeout(resolve, 300));
		}
	}

	/** The bytes n8n serves for a binary data id: the way to read them whatever the binary data mode. */
	async binaryData(id: string): Promise<Buffer> {
		const response = await this.rawRest(
			'GET',
			`/rest/binary-data?id=${encodeURIComponent(id)}&action=download`,
		);
		if (response.status !== 200)
			throw new Error(
				`Binary data ${id}: n8n answered ${response.status} ${await response.text()}`,
			);
		return Buffer.from(await response.arrayBuffer());
	}

	/** Node types as n8n lists them to the editor (written at start under the user folder). */
	nodeTypes(): Array<{
		name: string;
		displayName: string;
		properties: Array<Record<string, unknown>>;
	}> {
		return JSON.parse(
			readFileSync(join(this.userFolder, '.cache', 'n8n', 'public', 'types', 'nodes.json'), 'utf8'),
		);
	}

	credentialTypes(): Array<{ name: string; displayName: string }> {
		return JSON.parse(
			readFileSync(
				join(this.userFolder, '.cache', 'n8n', 'public', 'types', 'credentials.json'),
				'utf8',
			),
		);
	}
}

/** n8n prints the run with `JSON.stringify(run, null, 2)` after its log lines: from a `{` line to its `}` line. */
export function parseRunOutput(stdout: string): N8nRun | undefined {
	const lines = stdout.split('\n');
	const start = lines.findIndex((line) => line === '{');
	if (start === -1) return undefined;
	const end = lines.findIndex((line, index) => index > start && line === '}');
	if (end === -1) return undefined;
	try {
		return JSON.parse(lines.slice(start, end + 1).join('\n')) as N8nRun;
	} catch {
		return undefined;
	}
}

/** The output items of a node's last run in a parsed run. */
export function nodeOutput(runData: N8nRun, nodeName: string, output = 0): N8nItem[] {
	const runs = runData.data.resultData.runData[nodeName];
	if (!runs?.length)
		throw new Error(
			`Node "${nodeName}" did not run; ran: ${Object.keys(runData.data.resultData.runData).join(', ')}`,
		);
	const last = runs[runs.length - 1];
	if (last.error)
		throw new Error(
			`Node "${nodeName}" failed: ${last.error.message} ${last.error.description ?? ''}`,
		);
	return last.data?.main[output] ?? [];
}
