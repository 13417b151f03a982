import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// n8n-core writes its instance settings under N8N_USER_FOLDER; keep that out of the user's home.
process.env.N8N_USER_FOLDER ??= mkdtempSync(join(tmpdir(), 'n8n-dex-test-'));
process.env.N8N_ENCRYPTION_KEY ??= 'document-execution-test-key';
// n8n's error reporter logs every failed node run; tests assert on those errors instead. Set
// N8N_LOG_LEVEL=info to see them.
process.env.N8N_LOG_LEVEL ??= 'silent';
