import {
	createBodySchema,
	CREATE_LABELS,
} from '../../../nodes/DocumentExecution/resources/document/create/rules';
import { applyRules } from '../../../nodes/DocumentExecution/shared/form/rules';
import { INDIA_OFFSET_MS } from '../../../nodes/shared/serviceDates';
import { itChecksEachRule, valid, type RuleRow } from './rule-rows';

/** Create's verification checks, per invitee: the Aadhaar and DSC verification rules and what is sent. */

/** A valid body whose invitee has `checks` in its aadhaarConfig or dscConfig. */
const withChecks = (config: 'aadhaarConfig' | 'dscConfig', checks: unknown) => ({
	...valid,
	invitees: [{ ...valid.invitees[0], [config]: checks }],
});
const nextYear = new Date(Date.now() + INDIA_OFFSET_MS).getUTCFullYear() + 1;

/** The verification checks: name switches are true/false, the others carry the value the certificate must match. */
function verificationRules(): RuleRow[] {
	const aadhaar = 'Invitees › Aadhaar Verification';
	const dsc = 'Invitees › DSC Verification';
	const rows: Array<[string, 'aadhaarConfig' | 'dscConfig', unknown, unknown, string]> = [
		[
			'is an object',
			'aadhaarConfig',
			{},
			true,
			`${aadhaar} (1): must be an object of verification checks`,
		],
		[
			'name switch',
			'aadhaarConfig',
			{ verifyName: false },
			{ verifyName: 'yes' },
			`${aadhaar} › Verify Name (1): must be true or false`,
		],
		[
			'smart name switch',
			'aadhaarConfig',
			{ verifySmartName: true },
			{ verifySmartName: 'true' },
			`${aadhaar} › Verify Smart Name (1): must be true or false`,
		],
		[
			'pincode 6 digits',
			'aadhaarConfig',
			{ verifyPincode: 560001 },
			{ verifyPincode: '56001' },
			`${aadhaar} › Pincode (1): must be the 6-digit pincode the certificate must match`,
		],
		[
			'pincode not a switch',
			'aadhaarConfig',
			{ verifyPincode: '560001' },
			{ verifyPincode: true },
			`${aadhaar} › Pincode (1): must be the 6-digit pincode the certificate must match, not true/false`,
		],
		[
			'state not blank',
			'aadhaarConfig',
			{ verifyState: 'Karnataka' },
			{ verifyState: ' ' },
			`${aadhaar} › State (1): must be the name of the state the certificate must match`,
		],
		[
			'state not a switch',
			'aadhaarConfig',
			{ verifyState: 'Goa' },
			{ verifyState: true },
			`${aadhaar} › State (1): must be the name of the state the certificate must match, not true/false`,
		],
		[
			'gender M or F',
			'aadhaarConfig',
			{ verifyGender: 'M' },
			{ verifyGender: 'Male' },
			`${aadhaar} › Gender (1): must be M or F, the gender the certificate must match`,
		],
		[
			'gender not a switch',
			'aadhaarConfig',
			{ verifyGender: 'F' },
			{ verifyGender: false },
			`${aadhaar} › Gender (1): must be M or F, the gender the certificate must match, not true/false`,
		],
		[
			'year of birth 4 digits',
			'aadhaarConfig',
			{ verifyYob: 1990 },
			{ verifyYob: '90' },
			`${aadhaar} › Year of Birth (1): must be the 4-digit year of birth the certificate must match`,
		],
		[
			'year of birth not to come',
			'aadhaarConfig',
			{ verifyYob: '1990' },
			{ verifyYob: nextYear },
			`${aadhaar} › Year of Birth (1): must be a year of birth, not a year to come`,
		],
		[
			'year of birth not a switch',
			'aadhaarConfig',
			{ verifyYob: '2001' },
			{ verifyYob: true },
			`${aadhaar} › Year of Birth (1): must be the 4-digit year of birth the certificate must match, not true/false`,
		],
		[
			'last 4 Aadhaar digits',
			'aadhaarConfig',
			{ verifyTitle: '0123' },
			{ verifyTitle: '12345' },
			`${aadhaar} › Last 4 Aadhaar Digits (1): must be the last 4 digits of the Aadhaar number the certificate must match`,
		],
		[
			'last 4 Aadhaar digits not a switch',
			'aadhaarConfig',
			{ verifyTitle: '1234' },
			{ verifyTitle: true },
			`${aadhaar} › Last 4 Aadhaar Digits (1): must be the last 4 digits of the Aadhaar number the certificate must match, not true/false`,
		],
		[
			'DSC name switch',
			'dscConfig',
			{ verifyName: true },
			{ verifyName: 1 },
			`${dsc} › Verify Name (1): must be true or false`,
		],
		[
			'DSC smart name switch',
			'dscConfig',
			{ verifySmartName: true },
			{ verifySmartName: 'no' },
			`${dsc} › Verify Smart Name (1): must be true or false`,
		],
		[
			'DSC pincode not a switch',
			'dscConfig',
			{ verifyPincode: '110001' },
			{ verifyPincode: true },
			`${dsc} › Pincode (1): must be the 6-digit pincode the certificate must match, not true/false`,
		],
		[
			'DSC state not a switch',
			'dscConfig',
			{ verifyState: 'Delhi' },
			{ verifyState: true },
			`${dsc} › State (1): must be the name of the state the certificate must match, not true/false`,
		],
	];
	return rows.map(([rule, config, ok, broken, message]) => [
		`${config} ${rule}`,
		createBodySchema,
		withChecks(config, ok),
		withChecks(config, broken),
		message,
	]);
}

describe('document rules (one test per rule)', () => {
	itChecksEachRule(verificationRules());

	it('sends verification values as text, switches as they are', () => {
		const checked = applyRules(
			createBodySchema,
			withChecks('aadhaarConfig', {
				verifyName: true,
				verifyPincode: 560001,
				verifyYob: 1990,
				verifyGender: 'F',
			}),
			CREATE_LABELS,
		);
		expect('value' in checked && checked.value.invitees[0].aadhaarConfig).toEqual({
			verifyName: true,
			verifyPincode: '560001',
			verifyYob: '1990',
			verifyGender: 'F',
		});
	});
});
