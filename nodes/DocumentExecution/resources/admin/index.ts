import type { ResourceModule } from '../types';
import { auditLog } from './auditLog';
import { certificate } from './certificate';
import { licence } from './licence';
import { notificationRule } from './notificationRule';
import { oauth2Client } from './oauth2Client';
import { passwordPolicy } from './passwordPolicy';
import { role } from './role';
import { settings } from './settings';

/** Organisation administration (v1): the spec's eleven operations as eight resources. */
export const adminResources: ResourceModule[] = [
	auditLog,
	certificate,
	licence,
	notificationRule,
	oauth2Client,
	settings,
	passwordPolicy,
	role,
];
