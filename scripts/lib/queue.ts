import type { ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';

import { installCommunityPackage } from './community';
import { step } from './log';
import { freePorts, N8n } from './n8n';
import { paths } from './paths';
import { run, signalGroup, spawnLogged, stopChild } from './proc';

/**
 * n8n's queue mode on loopback: Redis and PostgreSQL from Debian's packages (each a private instance on a
 * free port, its data under the user folder), an n8n main instance, workers and a webhook processor that
 * share one user folder holding the installed package.
 */

const REDIS_SERVER = '/usr/bin/redis-server';
const POSTGRES_USER = 'postgres';
const DATABASE = 'n8n';
const DATABASE_USER = 'n8n';

const isRoot = () => process.getuid?.() === 0;

/** The newest PostgreSQL Debian installed (`/usr/lib/postgresql/<major>/bin`). */
function postgresBin(): string | undefined {
	const root = '/usr/lib/postgresql';
	if (!existsSync(root)) return undefined;
	const major = readdirSync(root)
		.filter((entry) => existsSync(join(root, entry, 'bin', 'postgres')))
		.sort((a, b) => Number(b) - Number(a))[0];
	return major ? join(root, major, 'bin') : undefined;
}

/** Installs Debian's `redis-server` and `postgresql` when either is missing (needs root, as apt-get does). */
export async function ensureQueueServices(): Promise<void> {
	if (existsSync(REDIS_SERVER) && postgresBin()) return;
	if (!isRoot())
		throw new Error(
			"Queue mode needs Debian's redis-server and postgresql: run `apt-get install -y redis-server postgresql` as root",
		);
	const logFile = join(paths.logs, 'install-queue-services.log');
	const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
	await step(
		'Installing Redis and PostgreSQL from Debian (apt-get)',
		async () => {
			await run('apt-get', ['update'], { env, logFile });
			await run(
				'apt-get',
				['install', '-y', '--no-install-recommends', 'redis-server', 'postgresql'],
				{ env, logFile },
			);
		},
		{ expect: 'about 1 min; log: ' + logFile },
	);
	if (!existsSync(REDIS_SERVER) || !postgresBin())
		throw new Error(`apt-get installed no redis-server or postgres (log: ${logFile})`);
}

/** Polls `ready` every 200 ms until it answers true; fails with the log after `timeoutMs` or when the child exits. */
async function waitUntil(
	what: string,
	child: ChildProcess,
	logFile: string,
	ready: () => Promise<boolean>,
	timeoutMs = 60_000,
): Promise<void> {
	const deadline = Date.now() + timeoutMs;
	while (Date.now() < deadline) {
		if (child.exitCode !== null || child.signalCode !== null) break;
		if (await ready().catch(() => false)) return;
		await new Promise((resolve) => setTimeout(resolve, 200));
	}
	const log = existsSync(logFile) ? readFileSync(logFile, 'utf8').slice(-3000) : '(no log)';
	await stopChild(child, 5_000);
	throw new Error(
		`${what} did not become ready (exit ${child.exitCode ?? child.signalCode ?? 'none'}):\n${log}`,
	);
}

/** A server process this module started, stopped by its process group. */
export interface ServiceProcess {
	port: number;
	child: ChildProcess;
	logFile: string;
	stop(): Promise<void>;
	/** Starts it again on the same port and data (after `stop`), resolving once it answers. */
	startAgain(): Promise<ServiceProcess>;
}

/** Answers whether a Redis server on `port` replies PONG to PING. */
function redisAnswers(port: number): Promise<boolean> {
	return new Promise((resolve) => {
		const socket = connect(port, '127.0.0.1');
		socket.setTimeout(1000, () => socket.destroy());
		socket.once('error', () => resolve(false));
		socket.once('close', () => resolve(false));
		socket.once('connect', () => socket.write('PING\r\n'));
		socket.once('data', (data) => {
			resolve(data.toString().startsWith('+PONG'));
			socket.destroy();
		});
	});
}

/** A private Redis on 127.0.0.1 with no persistence (no RDB snapshots, no AOF). */
export async function startRedis(folder: string, port: number): Promise<ServiceProcess> {
	mkdirSync(folder, { recursive: true });
	const logFile = join(folder, 'redis.log');
	const child = spawnLogged(
		REDIS_SERVER,
		[
			'--port',
			String(port),
			'--bind',
			'127.0.0.1',
			'--save',
			'',
			'--appendonly',
			'no',
			'--dir',
			folder,
			'--daemonize',
			'no',
		],
		logFile,
	);
	await waitUntil('Redis', child, logFile, () => redisAnswers(port));
	return {
		port,
		child,
		logFile,
		stop: () => stopChild(child, 5_000),
		startAgain: () => startRedis(folder, port),
	};
}

/** PostgreSQL refuses to run as root: as root, its commands run as Debian's `postgres` user. */
const asPostgresUser = (command: string, args: string[]): [string, string[]] =>
	isRoot()
		? [
				'setpriv',
				[
					'--reuid',
					POSTGRES_USER,
					'--regid',
					POSTGRES_USER,
					'--init-groups',
					'--',
					command,
					...args,
				],
			]
		: [command, args];

/**
 * A private PostgreSQL cluster (initdb'd anew in `folder`) on 127.0.0.1, trusting local connections, with a
 * database `n8n` owned by the superuser `n8n`. Durability is off: the data lives as long as one run.
 */
export async function startPostgres(folder: string, port: number): Promise<ServiceProcess> {
	const bin = postgresBin();
	if (!bin) throw new Error('PostgreSQL is not installed (ensureQueueServices installs it)');
	const dataDir = join(folder, 'data');
	rmSync(folder, { recursive: true, force: true });
	mkdirSync(dataDir, { recursive: true });
	if (isRoot()) {
		const { uid, gid } = postgresIds();
		chownSync(folder, uid, gid);
		chownSync(dataDir, uid, gid);
	}
	await run(
		...asPostgresUser(join(bin, 'initdb'), [
			'-D',
			dataDir,
			'-U',
			DATABASE_USER,
			'-A',
			'trust',
			'-E',
			'UTF8',
			'--no-sync',
		]),
		{ logFile: join(folder, 'postgres.log') },
	);
	const postgres = await runPostgres(bin, folder, port);
	const created = await postgresClient(bin, port, 'createdb', [DATABASE]);
	if (created.code !== 0) throw new Error(`createdb ${DATABASE} failed: ${created.stderr}`);
	return postgres;
}

const postgresClient = (bin: string, port: number, tool: string, extra: string[]) =>
	run(join(bin, tool), ['-h', '127.0.0.1', '-p', String(port), '-U', DATABASE_USER, ...extra], {
		allowFailure: true,
	});

/** The postmaster of the cluster in `folder`, ready once it accepts connections. */
async function runPostgres(bin: string, folder: string, port: number): Promise<ServiceProcess> {
	const logFile = join(folder, 'postgres.log');
	const settings = {
		listen_addresses: '127.0.0.1',
		unix_socket_directories: folder,
		fsync: 'off',
		synchronous_commit: 'off',
		full_page_writes: 'off',
	};
	const [command, args] = asPostgresUser(join(bin, 'postgres'), [
		'-D',
		join(folder, 'data'),
		'-p',
		String(port),
		...Object.entries(settings).flatMap(([key, value]) => ['-c', `${key}=${value}`]),
	]);
	const child = spawnLogged(command, args, logFile);
	await waitUntil(
		'PostgreSQL',
		child,
		logFile,
		async () => (await postgresClient(bin, port, 'pg_isready', ['-d', 'postgres'])).code === 0,
	);
	return {
		port,
		child,
		logFile,
		// SIGINT first: PostgreSQL's fast shutdown ends the open sessions (n8n's pool) instead of waiting for them.
		stop: async () => {
			signalGroup(child, 'SIGINT');
			await stopChild(child, 10_000);
		},
		startAgain: () => runPostgres(bin, folder, port),
	};
}

function postgresIds(): { uid: number; gid: number } {
	const entry = readFileSync('/etc/passwd', 'utf8')
		.split('\n')
		.map((line) => line.split(':'))
		.find((fields) => fields[0] === POSTGRES_USER);
	if (!entry) throw new Error(`No user ${POSTGRES_USER}: is Debian's postgresql installed?`);
	return { uid: Number(entry[2]), gid: Number(entry[3]) };
}

export interface QueueOptions {
	/** Names the shared user folder `.cache/runs/<name>` (emptied first). */
	name: string;
	/** The packed package, installed into the shared user folder. */
	tarball: string;
	workers?: number;
	/** Jobs each worker runs at once (n8n's `--concurrency`). */
	concurrency?: number;
	/** More environment for every n8n process. */
	env?: NodeJS.ProcessEnv;
	/** More environment for the webhook processor only (e.g. NODE_OPTIONS to profile it). */
	webhookEnv?: NodeJS.ProcessEnv;
	/** Webhook processors (default 1), each on its own port, as several behind one load balancer. */
	webhookProcessors?: number;
	/** The address the service is given for webhooks (n8n's WEBHOOK_URL); default the first webhook processor. */
	webhookUrl?: string;
}

/** A service of the queue-mode setup that can be taken down for a while. */
export type QueueService = 'redis' | 'postgres';

/**
 * Redis, PostgreSQL, and n8n in queue mode: a main instance (editor, REST API; it queues manual executions,
 * which workers run), `workers` workers and one webhook processor, each on its own ports, all sharing one user
 * folder (the installed package, the encryption key) and the database. Production webhooks are served only by
 * the webhook processor.
 */
export class QueueCluster {
	private services = new Map<QueueService, ServiceProcess>();

	private constructor(
		readonly main: N8n,
		readonly workers: N8n[],
		/** The webhook processors; the first is `webhook`. */
		readonly webhooks: N8n[],
		private readonly folders: { redis: string; postgres: string },
		private readonly ports: { redis: number; postgres: number },
	) {}

	/** The (first) webhook processor. */
	get webhook(): N8n {
		return this.webhooks[0];
	}

	/** Installs what is missing, prepares the user folder and the package; starts nothing. */
	static async create(options: QueueOptions): Promise<QueueCluster> {
		await ensureQueueServices();
		const workerCount = options.workers ?? 2;
		const webhookCount = options.webhookProcessors ?? 1;
		const [redisPort, postgresPort, mainPort, ...rest] = await freePorts(
			3 + webhookCount + workerCount * 2,
		);
		const webhookPorts = rest.splice(0, webhookCount);
		const env: NodeJS.ProcessEnv = {
			EXECUTIONS_MODE: 'queue',
			QUEUE_BULL_REDIS_HOST: '127.0.0.1',
			QUEUE_BULL_REDIS_PORT: String(redisPort),
			DB_TYPE: 'postgresdb',
			DB_POSTGRESDB_HOST: '127.0.0.1',
			DB_POSTGRESDB_PORT: String(postgresPort),
			DB_POSTGRESDB_DATABASE: DATABASE,
			DB_POSTGRESDB_USER: DATABASE_USER,
			DB_POSTGRESDB_PASSWORD: '',
			// n8n's documented requirement for queue mode: binary data every process can read.
			N8N_DEFAULT_BINARY_DATA_MODE: 'database',
			OFFLOAD_MANUAL_EXECUTIONS_TO_WORKERS: 'true',
			N8N_DISABLE_PRODUCTION_MAIN_PROCESS: 'true',
			WEBHOOK_URL: options.webhookUrl ?? `http://127.0.0.1:${webhookPorts[0]}/`,
			...options.env,
		};
		const main = await N8n.create({
			name: options.name,
			fresh: true,
			port: mainPort,
			logName: 'main',
			env,
		});
		await installCommunityPackage(main.userFolder, options.tarball);
		const workers = await Promise.all(
			Array.from({ length: workerCount }, (_, index) =>
				N8n.create({
					name: options.name,
					role: 'worker',
					port: rest[index * 2],
					brokerPort: rest[index * 2 + 1],
					logName: `worker-${index + 1}`,
					args: [`--concurrency=${options.concurrency ?? 10}`],
					env: {
						...env,
						QUEUE_HEALTH_CHECK_ACTIVE: 'true',
						QUEUE_HEALTH_CHECK_PORT: String(rest[index * 2]),
					},
				}),
			),
		);
		const webhooks = await Promise.all(
			webhookPorts.map((port, index) =>
				N8n.create({
					name: options.name,
					role: 'webhook',
					port,
					logName: index === 0 ? 'webhook' : `webhook-${index + 1}`,
					env: { ...env, ...options.webhookEnv },
				}),
			),
		);
		return new QueueCluster(
			main,
			workers,
			webhooks,
			{ redis: join(main.userFolder, 'redis'), postgres: join(main.userFolder, 'postgres') },
			{
				redis: redisPort,
				postgres: postgresPort,
			},
		);
	}

	/** Redis and PostgreSQL; the n8n CLI (imports) works from here on. */
	async startServices(): Promise<void> {
		const [redis, postgres] = await Promise.all([
			startRedis(this.folders.redis, this.ports.redis),
			startPostgres(this.folders.postgres, this.ports.postgres),
		]);
		this.services.set('redis', redis).set('postgres', postgres);
	}

	/**
	 * Takes Redis or PostgreSQL down for `downMs` and starts it again on the same port (PostgreSQL with its data;
	 * Redis keeps none, as configured here, so the jobs queued in it are gone). Resolves once it answers again,
	 * with the moments it went down and came back (epoch ms).
	 */
	async outage(which: QueueService, downMs: number): Promise<{ downAt: number; upAt: number }> {
		const service = this.services.get(which);
		if (!service) throw new Error(`${which} is not running`);
		await service.stop();
		const downAt = Date.now();
		await new Promise((resolve) => setTimeout(resolve, downMs));
		this.services.set(which, await service.startAgain());
		return { downAt, upAt: Date.now() };
	}

	/** The main instance first (it migrates the database), then the workers and the webhook processor together. */
	async start(): Promise<void> {
		if (this.services.size === 0) await this.startServices();
		await this.main.start();
		await Promise.all([...this.workers, ...this.webhooks].map((n8n) => this.startProcess(n8n)));
		await this.main.setupOwner();
	}

	/**
	 * Starts (or restarts) one n8n process of the setup. Each process keeps a crash journal in the user folder
	 * while it runs and, finding one at start, takes the last session for crashed and waits 10 s; in one shared
	 * folder every process would find the journal of the others, so it goes before each start.
	 */
	async startProcess(n8n: N8n): Promise<void> {
		rmSync(join(n8n.userFolder, '.n8n', 'crash.journal'), { force: true });
		await n8n.start();
	}

	/** The workers whose logs say they started this execution (n8n's "Worker started execution <id>"), once per start. */
	workersOf(executionId: string): N8n[] {
		const started = new RegExp(`Worker started execution ${executionId} \\(job`, 'g');
		return this.workers.flatMap((worker) =>
			Array.from(worker.log().matchAll(started), () => worker),
		);
	}

	/** Everything, n8n first (its processes hold connections to the services). */
	async stop(): Promise<void> {
		await Promise.all([...this.webhooks, ...this.workers, this.main].map((n8n) => n8n.stop()));
		const services = [...this.services.values()].reverse();
		this.services.clear();
		for (const service of services) await service.stop();
	}
}
