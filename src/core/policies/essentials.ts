/**
 * What every generated guardrail always allows, whatever is approved: the
 * identity, account, support and billing services (AWS) and the platform
 * namespaces (Azure) without which an account or subscription cannot be
 * managed, supported or paid for. One table per cloud, each entry with the
 * reason it is here and the vendor page that backs it; the generators, the
 * README and the API documentation all read these tables.
 *
 * Google Cloud needs none: gcp.restrictServiceUsage never restricts the
 * services Google lists as essential dependencies (see gcp-org-policy.ts).
 */

export interface Essential {
  /** AWS IAM service prefix or Azure resource-provider namespace. */
  identifier: string;
  reason: string;
  /** Vendor documentation that names it. */
  source: string;
}

const AWS_REGION_DENY_EXAMPLE =
  'https://docs.aws.amazon.com/organizations/latest/userguide/orgs_manage_policies_scps_examples_general.html';
const CONTROL_TOWER_REGION_DENY =
  'https://docs.aws.amazon.com/controltower/latest/userguide/primary-region-deny-policy.html';
const authRef = (page: string) =>
  `https://docs.aws.amazon.com/service-authorization/latest/reference/list_${page}.html`;

/**
 * The roles AWS Control Tower works through in the accounts it governs, which its own Region deny control exempts by
 * `ArnNotLike aws:PrincipalARN`: an SCP attached to an OU that Control Tower governs restricts them too unless they
 * are exempt, and enrolling accounts, updating the landing zone and repairing drift then fail. The builder offers
 * them in one click (exemptPrincipalArns); they are never added unasked, as an organisation without Control Tower
 * would exempt roles of those names that anyone may create.
 */
export const CONTROL_TOWER_ROLE_ARNS: readonly string[] = Object.freeze([
  'arn:*:iam::*:role/AWSControlTowerExecution',
  'arn:*:iam::*:role/aws-controltower-ConfigRecorderRole',
  'arn:*:iam::*:role/aws-controltower-ForwardSnsNotificationRole',
  'arn:*:iam::*:role/AWSControlTower_VPCFlowLogsRole',
]);
export const CONTROL_TOWER_ROLES_SOURCE = CONTROL_TOWER_REGION_DENY;

/**
 * Sorted by identifier. The first group is what AWS's own Region-deny
 * examples (Organizations and Control Tower) always exempt; the support and
 * billing consoles are the IAM namespaces AWS introduced for console pages
 * that used to need no permission of their own.
 */
export const AWS_ESSENTIALS: readonly Essential[] = Object.freeze([
  {
    identifier: 'account',
    reason: 'account settings, contacts and Regions of the member account',
    source: CONTROL_TOWER_REGION_DENY,
  },
  {
    identifier: 'aws-portal',
    reason: 'Billing console pages still authorised by the legacy billing actions',
    source: CONTROL_TOWER_REGION_DENY,
  },
  {
    identifier: 'bcm-dashboards',
    reason: 'Billing and Cost Management dashboards in the console',
    source: authRef('awsbillingandcostmanagementdashboards'),
  },
  {
    identifier: 'bcm-data-exports',
    reason: 'cost and usage data exports (the successor of Cost and Usage Reports)',
    source: authRef('awsbillingandcostmanagementdataexports'),
  },
  {
    identifier: 'bcm-recommended-actions',
    reason: 'recommended billing actions shown on the Billing console home page',
    source: authRef('awsbillingandcostmanagementrecommendedactions'),
  },
  { identifier: 'billing', reason: 'Billing console and billing preferences', source: CONTROL_TOWER_REGION_DENY },
  { identifier: 'budgets', reason: 'cost budgets and their alerts', source: AWS_REGION_DENY_EXAMPLE },
  { identifier: 'ce', reason: 'Cost Explorer and cost anomaly detection', source: AWS_REGION_DENY_EXAMPLE },
  {
    identifier: 'consolidatedbilling',
    reason: 'consolidated billing of the organisation',
    source: authRef('awsconsolidatedbilling'),
  },
  { identifier: 'cur', reason: 'Cost and Usage Reports', source: AWS_REGION_DENY_EXAMPLE },
  { identifier: 'freetier', reason: 'Free Tier usage alerts in the Billing console', source: authRef('awsfreetier') },
  {
    identifier: 'health',
    reason: 'AWS Health events about the account (outages, scheduled changes)',
    source: AWS_REGION_DENY_EXAMPLE,
  },
  {
    identifier: 'iam',
    reason: 'identities, roles and policies: without it no one can manage access',
    source: AWS_REGION_DENY_EXAMPLE,
  },
  { identifier: 'invoicing', reason: 'invoices in the Billing console', source: authRef('awsinvoicingservice') },
  {
    identifier: 'organizations',
    reason: 'the organisation itself, its accounts and policies',
    source: AWS_REGION_DENY_EXAMPLE,
  },
  {
    identifier: 'payments',
    reason: 'payment methods and payments in the Billing console',
    source: authRef('awspayments'),
  },
  {
    identifier: 'purchase-orders',
    reason: 'purchase orders in the Billing console',
    source: authRef('awspurchaseordersconsole'),
  },
  { identifier: 'servicequotas', reason: 'viewing and raising service quotas', source: authRef('servicequotas') },
  { identifier: 'signin', reason: 'console sign-in', source: authRef('awssignin') },
  {
    identifier: 'sts',
    reason: 'temporary credentials and role assumption, which every federated or cross-account access uses',
    source: AWS_REGION_DENY_EXAMPLE,
  },
  { identifier: 'support', reason: 'support cases', source: AWS_REGION_DENY_EXAMPLE },
  {
    identifier: 'support-console',
    reason: 'the Support Center console, which AWS now authorises with its own IAM actions',
    source: 'https://docs.aws.amazon.com/awssupport/latest/user/support-console-access-control.html',
  },
  { identifier: 'supportplans', reason: 'viewing and changing the support plan', source: authRef('awssupportplans') },
  { identifier: 'tax', reason: 'tax registration settings in the Billing console', source: authRef('awstaxsettings') },
  { identifier: 'trustedadvisor', reason: 'Trusted Advisor checks', source: AWS_REGION_DENY_EXAMPLE },
]);

const AZURE_PROVIDERS_PAGE =
  'https://learn.microsoft.com/azure/azure-resource-manager/management/azure-services-resource-providers';

/** Sorted by identifier. "Registered by default" is how Microsoft's page marks the core management namespaces. */
export const AZURE_ESSENTIALS: readonly Essential[] = Object.freeze([
  { identifier: 'Microsoft.Advisor', reason: 'Advisor recommendations', source: AZURE_PROVIDERS_PAGE },
  {
    identifier: 'Microsoft.Authorization',
    reason: 'role assignments, policy and locks (registered by default)',
    source: AZURE_PROVIDERS_PAGE,
  },
  {
    identifier: 'Microsoft.Billing',
    reason: 'billing accounts and invoices (registered by default)',
    source: AZURE_PROVIDERS_PAGE,
  },
  {
    identifier: 'Microsoft.Consumption',
    reason: 'budgets and usage details (registered by default)',
    source: AZURE_PROVIDERS_PAGE,
  },
  {
    identifier: 'Microsoft.CostManagement',
    reason: 'cost views, exports and alerts (registered by default)',
    source: AZURE_PROVIDERS_PAGE,
  },
  {
    identifier: 'Microsoft.Features',
    reason: 'preview feature registration (registered by default)',
    source: AZURE_PROVIDERS_PAGE,
  },
  {
    identifier: 'Microsoft.GuestConfiguration',
    reason: 'machine configuration assignments that policies themselves deploy',
    source: AZURE_PROVIDERS_PAGE,
  },
  {
    identifier: 'Microsoft.Insights',
    reason: 'diagnostic settings, activity-log alerts and action groups that monitoring and audit depend on',
    source: AZURE_PROVIDERS_PAGE,
  },
  {
    identifier: 'Microsoft.ManagedIdentity',
    reason: 'user-assigned identities that resources and policy remediation run as',
    source: AZURE_PROVIDERS_PAGE,
  },
  { identifier: 'Microsoft.Management', reason: 'management groups', source: AZURE_PROVIDERS_PAGE },
  {
    identifier: 'Microsoft.PolicyInsights',
    reason: 'policy remediations, attestations and compliance states',
    source: AZURE_PROVIDERS_PAGE,
  },
  {
    identifier: 'Microsoft.ResourceGraph',
    reason: 'inventory queries (registered by default)',
    source: AZURE_PROVIDERS_PAGE,
  },
  {
    identifier: 'Microsoft.ResourceHealth',
    reason: 'resource health and service health alerts',
    source: AZURE_PROVIDERS_PAGE,
  },
  {
    identifier: 'Microsoft.Resources',
    reason: 'resource groups, deployments, tags and template specs (registered by default)',
    source: AZURE_PROVIDERS_PAGE,
  },
  {
    identifier: 'Microsoft.Security',
    reason: 'Microsoft Defender for Cloud settings and assessments',
    source: AZURE_PROVIDERS_PAGE,
  },
  {
    identifier: 'Microsoft.Subscription',
    reason: 'subscription aliases and subscription management',
    source: AZURE_PROVIDERS_PAGE,
  },
  { identifier: 'Microsoft.Support', reason: 'support tickets (registered by default)', source: AZURE_PROVIDERS_PAGE },
]);

/** IAM prefixes an SCP allow-list always lets through (AWS_ESSENTIALS' identifiers). */
export const AWS_ESSENTIAL_IAM_PREFIXES: readonly string[] = Object.freeze(AWS_ESSENTIALS.map((e) => e.identifier));
/** Namespaces an Azure definition always allows (AZURE_ESSENTIALS' identifiers). */
export const AZURE_PLATFORM_NAMESPACES: readonly string[] = Object.freeze(AZURE_ESSENTIALS.map((e) => e.identifier));
