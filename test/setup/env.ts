import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// n8n-core writes its instance settings under N8N_USER_FOLDER; keep that out of the user's home.
process.env.N8N_USER_FOLDER ??= mkdtempSync(join(tmpdir(), 'n8n-dex-test-'));
process.env.N8N_ENCRYPTION_KEY ??= 'document-execution-test-key';
