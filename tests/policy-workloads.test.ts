/**
 * Workloads as a platform team approves them, and what each calls at deploy
 * or run time according to the vendor's documentation. Every need of a
 * workload must be allowed by the policy made from its list, or named in the
 * policy's dependency report (a service it requires or works best with,
 * denied): a governance engineer who attaches the policy is never left to
 * find a denied call in production. And the report names nothing the policy
 * already allows.
 *
 * Checked with the independent evaluators in tests/validators/evaluate.ts
 * over the real catalogue (content/), with the generator's defaults (the
 * dependencies reported, not added).
 */
import { describe, expect, it } from 'vitest';
import { createCatalogue } from '../src/core/catalogue.ts';
import {
  GCP_RESTRICT_SERVICE_USAGE_COVERAGE,
  gcpRestrictability,
  generatePolicy,
  type PolicyTarget,
} from '../src/core/policies/index.ts';
import type { ServiceEntry } from '../src/core/schemas.ts';
import { readContent } from '../src/scripts/lib/read-content.ts';
import { azureDenies, gcpDenies, scpDenies } from './validators/evaluate.ts';

const catalogue = createCatalogue({ ...readContent(), version: 'test-catalogue', builtOn: '2026-11-27' });

interface Need {
  /** An IAM action (AWS), a resource type (Azure) or a service name (Google Cloud). */
  call: string;
  /** The vendor's page that says the workload makes this call. */
  source: string;
  /**
   * The approved service whose dependency must name the call when the policy denies it, where another service of the
   * list could name it as well: the dependency under test is then the one that tells.
   */
  by?: string;
}

interface Workload {
  name: string;
  target: PolicyTarget;
  approved: string[];
  needs: Need[];
}

const workloads: Workload[] = [
  {
    name: 'AWS serverless API',
    target: 'aws',
    approved: [
      'aws-lambda',
      'aws-api-gateway',
      'aws-dynamodb',
      'aws-s3',
      'aws-cloudwatch',
      'aws-iam',
      'aws-kms',
      'aws-sqs',
    ],
    needs: [
      {
        call: 'logs:PutLogEvents',
        source: 'https://docs.aws.amazon.com/lambda/latest/dg/monitoring-cloudwatchlogs.html',
      },
      { call: 'iam:PassRole', source: 'https://docs.aws.amazon.com/lambda/latest/dg/lambda-intro-execution-role.html' },
      {
        call: 'application-autoscaling:RegisterScalableTarget',
        source: 'https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/AutoScaling.Console.html',
      },
      {
        call: 'acm:DescribeCertificate',
        source: 'https://docs.aws.amazon.com/apigateway/latest/developerguide/how-to-custom-domains-prerequisites.html',
      },
      {
        call: 'cloudformation:CreateChangeSet',
        source:
          'https://docs.aws.amazon.com/serverless-application-model/latest/developerguide/sam-cli-command-reference-sam-deploy.html',
      },
    ],
  },
  {
    name: 'AWS container platform',
    target: 'aws',
    approved: [
      'aws-eks',
      'aws-ecr',
      'aws-ec2',
      'aws-elastic-load-balancing',
      'aws-route-53',
      'aws-secrets-manager',
      'aws-cloudwatch',
    ],
    needs: [
      {
        call: 'ec2:DescribeVpcs',
        source: 'https://docs.aws.amazon.com/elasticloadbalancing/latest/userguide/elb-api-permissions.html',
      },
      { call: 'acm:DescribeCertificate', source: 'https://docs.aws.amazon.com/eks/latest/userguide/lbc-helm.html' },
      // Nodes' volumes encrypted by default (EBS encryption on in the account).
      {
        call: 'kms:CreateGrant',
        source: 'https://docs.aws.amazon.com/ebs/latest/userguide/ebs-encryption-requirements.html',
        by: 'aws-ec2',
      },
      // Approving EC2 lets its console's Connect button (EC2 Instance Connect) work.
      {
        call: 'ec2-instance-connect:SendSSHPublicKey',
        source: 'https://docs.aws.amazon.com/AWSEC2/latest/UserGuide/connect-linux-inst-eic.html',
      },
      { call: 'wafv2:GetWebACLForResource', source: 'https://docs.aws.amazon.com/eks/latest/userguide/lbc-helm.html' },
      { call: 'shield:GetSubscriptionState', source: 'https://docs.aws.amazon.com/eks/latest/userguide/lbc-helm.html' },
      {
        call: 'autoscaling:SetDesiredCapacity',
        source: 'https://docs.aws.amazon.com/eks/latest/best-practices/cas.html',
      },
      {
        call: 'kms:Decrypt',
        source: 'https://docs.aws.amazon.com/secretsmanager/latest/userguide/security-encryption.html',
      },
    ],
  },
  {
    // EC2 is not approved as a product: the VPC's approval allows its `ec2` actions, which the nodes need.
    name: 'AWS Kubernetes with nodes in an approved VPC',
    target: 'aws',
    approved: ['aws-eks', 'aws-vpc', 'aws-ecr', 'aws-elastic-load-balancing', 'aws-cloudwatch', 'aws-iam'],
    needs: [
      {
        call: 'ec2:DescribeInstances',
        source: 'https://docs.aws.amazon.com/eks/latest/userguide/create-node-role.html',
      },
      {
        call: 'ecr:GetAuthorizationToken',
        source: 'https://docs.aws.amazon.com/eks/latest/userguide/create-node-role.html',
      },
      // eksctl, the EKS command-line tool AWS documents, makes a cluster and its node groups as CloudFormation stacks
      // and reads the EKS-optimised AMI ids from public parameters.
      {
        call: 'cloudformation:CreateStack',
        source: 'https://docs.aws.amazon.com/eks/latest/eksctl/minimum-iam-policies.html',
      },
      { call: 'ssm:GetParameter', source: 'https://docs.aws.amazon.com/eks/latest/eksctl/minimum-iam-policies.html' },
    ],
  },
  {
    name: 'AWS build and release pipeline to Elastic Beanstalk',
    target: 'aws',
    approved: ['aws-codepipeline', 'aws-codebuild', 'aws-elastic-beanstalk', 'aws-ec2', 'aws-elastic-load-balancing'],
    needs: [
      {
        call: 's3:PutObject',
        source: 'https://docs.aws.amazon.com/codepipeline/latest/APIReference/API_ArtifactStore.html',
        by: 'aws-codepipeline',
      },
      {
        call: 'logs:PutLogEvents',
        source:
          'https://docs.aws.amazon.com/codebuild/latest/userguide/auth-and-access-control-iam-identity-based-access-control.html',
        by: 'aws-codebuild',
      },
      {
        call: 's3:CreateBucket',
        source: 'https://docs.aws.amazon.com/elasticbeanstalk/latest/api/API_CreateStorageLocation.html',
        by: 'aws-elastic-beanstalk',
      },
    ],
  },
  {
    name: 'AWS account configuration recording and findings',
    target: 'aws',
    approved: ['aws-config', 'aws-security-hub', 'aws-cloudtrail'],
    needs: [
      {
        call: 's3:PutObject',
        source:
          'https://docs.aws.amazon.com/AWSCloudFormation/latest/UserGuide/aws-resource-config-deliverychannel.html',
        by: 'aws-config',
      },
      {
        call: 'logs:PutLogEvents',
        source:
          'https://docs.aws.amazon.com/awscloudtrail/latest/userguide/cloudtrail-required-policy-for-cloudwatch-logs.html',
        by: 'aws-cloudtrail',
      },
    ],
  },
  {
    name: 'AWS streaming ingest: Kafka, Firehose, shared files and database migration',
    target: 'aws',
    approved: ['aws-msk', 'aws-data-firehose', 'aws-efs', 'aws-database-migration-service'],
    needs: [
      {
        call: 'ec2:DescribeSubnets',
        source: 'https://docs.aws.amazon.com/msk/latest/developerguide/security-iam-awsmanpol-AmazonMSKFullAccess.html',
        by: 'aws-msk',
      },
      {
        call: 's3:PutObject',
        source:
          'https://docs.aws.amazon.com/firehose/latest/APIReference/API_HttpEndpointDestinationConfiguration.html',
        by: 'aws-data-firehose',
      },
      {
        call: 'ec2:CreateNetworkInterface',
        source: 'https://docs.aws.amazon.com/efs/latest/ug/API_CreateMountTarget.html',
        by: 'aws-efs',
      },
      {
        call: 'ec2:CreateNetworkInterface',
        source: 'https://docs.aws.amazon.com/dms/latest/userguide/security-iam-awsmanpol.html',
        by: 'aws-database-migration-service',
      },
    ],
  },
  {
    name: 'AWS data lake and warehouse',
    target: 'aws',
    approved: ['aws-glue', 'aws-athena', 'aws-s3', 'aws-lake-formation', 'aws-redshift'],
    needs: [
      {
        call: 'ec2:DescribeSubnets',
        source: 'https://docs.aws.amazon.com/aws-managed-policy/latest/reference/AmazonRedshiftFullAccess.html',
      },
      {
        call: 'logs:PutLogEvents',
        source: 'https://docs.aws.amazon.com/glue/latest/dg/monitor-continuous-logging.html',
      },
    ],
  },
  {
    name: 'AWS containers on Fargate behind a load balancer',
    target: 'aws',
    approved: [
      'aws-ecs',
      'aws-fargate',
      'aws-ecr',
      'aws-elastic-load-balancing',
      'aws-vpc',
      'aws-secrets-manager',
      'aws-cloudwatch',
    ],
    needs: [
      {
        call: 'acm:DescribeCertificate',
        source: 'https://docs.aws.amazon.com/elasticloadbalancing/latest/application/create-https-listener.html',
      },
      {
        call: 'application-autoscaling:RegisterScalableTarget',
        source: 'https://docs.aws.amazon.com/AmazonECS/latest/developerguide/auto-scaling-IAM.html',
      },
      {
        call: 'cloudformation:CreateStack',
        source: 'https://docs.aws.amazon.com/AmazonECS/latest/developerguide/cloudformation-console-permissions.html',
      },
    ],
  },
  {
    name: 'AWS ETL jobs reaching data stores in a VPC',
    target: 'aws',
    approved: ['aws-glue', 'aws-s3', 'aws-cloudwatch', 'aws-vpc'],
    needs: [
      {
        call: 'ec2:CreateNetworkInterface',
        source: 'https://docs.aws.amazon.com/aws-managed-policy/latest/reference/AWSGlueServiceRole.html',
      },
    ],
  },
  {
    name: 'AWS backups of volumes and tables',
    target: 'aws',
    approved: ['aws-backup', 'aws-ec2', 'aws-dynamodb'],
    needs: [
      {
        call: 'tag:GetResources',
        source:
          'https://docs.aws.amazon.com/aws-managed-policy/latest/reference/AWSBackupServiceRolePolicyForBackup.html',
      },
      {
        call: 'kms:CreateGrant',
        source:
          'https://docs.aws.amazon.com/aws-managed-policy/latest/reference/AWSBackupServiceRolePolicyForBackup.html',
      },
    ],
  },
  {
    name: 'Azure virtual machines with backup and restore',
    target: 'azure',
    approved: ['azure-virtual-machines', 'azure-managed-disks', 'azure-virtual-network', 'azure-backup'],
    needs: [
      {
        call: 'Microsoft.Storage/storageAccounts',
        source:
          'https://learn.microsoft.com/powershell/module/az.recoveryservices/restore-azrecoveryservicesbackupitem',
      },
    ],
  },
  {
    name: 'Azure container apps',
    target: 'azure',
    approved: ['azure-container-apps'],
    needs: [
      {
        call: 'Microsoft.OperationalInsights/workspaces',
        source: 'https://learn.microsoft.com/azure/container-apps/vnet-custom',
      },
      {
        call: 'Microsoft.Network/virtualNetworks',
        source: 'https://learn.microsoft.com/azure/container-apps/networking',
      },
    ],
  },
  {
    name: 'Google Airflow workflows',
    target: 'gcp',
    approved: ['gcp-cloud-composer', 'gcp-cloud-storage'],
    needs: [
      {
        call: 'artifactregistry.googleapis.com',
        source: 'https://cloud.google.com/composer/docs/composer-2/install-python-dependencies',
      },
    ],
  },
  {
    name: 'Google App Engine application',
    target: 'gcp',
    approved: ['gcp-app-engine'],
    needs: [
      {
        call: 'cloudbuild.googleapis.com',
        source: 'https://cloud.google.com/appengine/docs/java/tools/uploadinganapp',
      },
      {
        call: 'storage.googleapis.com',
        source: 'https://cloud.google.com/appengine/docs/admin-api/deploying-overview',
      },
    ],
  },
  {
    name: 'AWS machine-learning endpoints',
    target: 'aws',
    approved: ['aws-sagemaker-ai', 'aws-s3', 'aws-ecr', 'aws-cloudwatch'],
    needs: [
      {
        call: 'application-autoscaling:RegisterScalableTarget',
        source: 'https://docs.aws.amazon.com/sagemaker/latest/dg/endpoint-auto-scaling-prerequisites.html',
      },
      // Training in the team's private subnets, with its own KMS key for volumes and output.
      {
        call: 'ec2:CreateNetworkInterface',
        source: 'https://docs.aws.amazon.com/sagemaker/latest/dg/sagemaker-roles.html',
        by: 'aws-sagemaker-ai',
      },
      {
        call: 'kms:CreateGrant',
        source: 'https://docs.aws.amazon.com/sagemaker/latest/dg/sagemaker-roles.html',
        by: 'aws-sagemaker-ai',
      },
    ],
  },
  {
    name: 'AWS express workflows with logs and traces',
    target: 'aws',
    approved: ['aws-step-functions', 'aws-dynamodb', 'aws-sqs'],
    needs: [
      {
        call: 'logs:CreateLogDelivery',
        source: 'https://docs.aws.amazon.com/step-functions/latest/dg/cw-logs.html',
        by: 'aws-step-functions',
      },
      {
        call: 'xray:PutTraceSegments',
        source: 'https://docs.aws.amazon.com/step-functions/latest/dg/concepts-xray-tracing.html',
        by: 'aws-step-functions',
      },
    ],
  },
  {
    name: 'AWS search domain in a VPC, encrypted with its own key, publishing slow logs',
    target: 'aws',
    approved: ['aws-opensearch-service', 'aws-s3'],
    needs: [
      {
        call: 'kms:ListKeys',
        source: 'https://docs.aws.amazon.com/opensearch-service/latest/developerguide/encryption-at-rest.html',
        by: 'aws-opensearch-service',
      },
      {
        call: 'ec2:DescribeSubnets',
        source: 'https://docs.aws.amazon.com/opensearch-service/latest/developerguide/handling-errors.html',
        by: 'aws-opensearch-service',
      },
      {
        call: 'logs:PutResourcePolicy',
        source:
          'https://docs.aws.amazon.com/opensearch-service/latest/developerguide/createdomain-configure-slow-logs.html',
        by: 'aws-opensearch-service',
      },
    ],
  },
  {
    name: 'AWS website on CloudFront with a database behind it',
    target: 'aws',
    approved: ['aws-cloudfront', 'aws-s3', 'aws-rds', 'aws-aurora', 'aws-lambda', 'aws-cloudwatch'],
    needs: [
      {
        call: 'acm:ListCertificates',
        source: 'https://docs.aws.amazon.com/AmazonCloudFront/latest/DeveloperGuide/cnames-and-https-requirements.html',
        by: 'aws-cloudfront',
      },
      // Master passwords managed in Secrets Manager, on an RDS instance and on an Aurora cluster.
      {
        call: 'secretsmanager:CreateSecret',
        source: 'https://docs.aws.amazon.com/AmazonRDS/latest/UserGuide/rds-secrets-manager.html',
        by: 'aws-rds',
      },
      {
        call: 'secretsmanager:CreateSecret',
        source: 'https://docs.aws.amazon.com/AmazonRDS/latest/AuroraUserGuide/rds-secrets-manager.html',
        by: 'aws-aurora',
      },
      // The function packaged as a container image.
      {
        call: 'ecr:BatchGetImage',
        source: 'https://docs.aws.amazon.com/lambda/latest/dg/images-create.html',
        by: 'aws-lambda',
      },
    ],
  },
  {
    name: 'Azure data pipelines started by storage events',
    target: 'azure',
    approved: ['azure-data-factory', 'azure-storage', 'azure-key-vault'],
    needs: [
      {
        call: 'Microsoft.EventGrid/eventSubscriptions',
        source: 'https://learn.microsoft.com/azure/data-factory/how-to-create-event-trigger',
        by: 'azure-data-factory',
      },
    ],
  },
  {
    name: 'Azure API gateway and machine learning in a private network',
    target: 'azure',
    approved: ['azure-api-management', 'azure-machine-learning', 'azure-storage', 'azure-key-vault', 'azure-monitor'],
    needs: [
      {
        call: 'Microsoft.Network/virtualNetworks',
        source: 'https://learn.microsoft.com/azure/api-management/virtual-network-concepts',
        by: 'azure-api-management',
      },
      {
        call: 'Microsoft.Network/virtualNetworks',
        source: 'https://learn.microsoft.com/azure/machine-learning/how-to-secure-training-vnet',
        by: 'azure-machine-learning',
      },
      {
        call: 'Microsoft.Network/loadBalancers',
        source: 'https://learn.microsoft.com/azure/machine-learning/how-to-secure-training-vnet',
        by: 'azure-machine-learning',
      },
    ],
  },
  {
    name: 'Google custom model serving and patched VMs',
    target: 'gcp',
    approved: ['gcp-gemini-enterprise-agent-platform', 'gcp-compute-engine', 'gcp-cloud-storage'],
    needs: [
      {
        call: 'artifactregistry.googleapis.com',
        source: 'https://cloud.google.com/vertex-ai/docs/predictions/use-custom-container',
        by: 'gcp-gemini-enterprise-agent-platform',
      },
      {
        call: 'osconfig.googleapis.com',
        source: 'https://cloud.google.com/compute/vm-manager/docs/overview',
        by: 'gcp-compute-engine',
      },
    ],
  },
  {
    name: 'Azure web application',
    target: 'azure',
    approved: ['azure-app-service', 'azure-sql-database', 'azure-key-vault', 'azure-monitor', 'azure-storage'],
    needs: [
      {
        call: 'Microsoft.Web/serverfarms',
        source: 'https://learn.microsoft.com/azure/app-service/overview-hosting-plans',
      },
      {
        call: 'Microsoft.Insights/components',
        source: 'https://learn.microsoft.com/azure/azure-monitor/app/app-insights-overview',
      },
      {
        call: 'Microsoft.Network/privateEndpoints',
        source: 'https://learn.microsoft.com/azure/private-link/private-endpoint-dns',
      },
      {
        call: 'Microsoft.Network/privateDnsZones',
        source: 'https://learn.microsoft.com/azure/private-link/private-endpoint-dns',
      },
    ],
  },
  {
    name: 'Azure Kubernetes platform',
    target: 'azure',
    approved: [
      'azure-kubernetes-service',
      'azure-container-registry',
      'azure-virtual-network',
      'azure-load-balancer',
      'azure-monitor',
    ],
    needs: [
      {
        call: 'Microsoft.Compute/virtualMachineScaleSets',
        source: 'https://learn.microsoft.com/azure/aks/core-aks-concepts',
      },
      { call: 'Microsoft.Network/privateEndpoints', source: 'https://learn.microsoft.com/azure/aks/private-clusters' },
      { call: 'Microsoft.Network/privateDnsZones', source: 'https://learn.microsoft.com/azure/aks/private-clusters' },
      // A volume of the built-in Azure Files storage classes is a file share in a storage account AKS creates.
      {
        call: 'Microsoft.Storage/storageAccounts',
        source: 'https://learn.microsoft.com/azure/aks/create-volume-azure-files',
      },
    ],
  },
  {
    name: 'Azure Front Door with a web application firewall',
    target: 'azure',
    approved: ['azure-front-door', 'azure-app-service'],
    needs: [
      {
        call: 'Microsoft.Network/FrontDoorWebApplicationFirewallPolicies',
        source: 'https://learn.microsoft.com/azure/templates/microsoft.cdn/profiles/securitypolicies',
      },
    ],
  },
  {
    name: 'Azure event-driven functions',
    target: 'azure',
    approved: ['azure-functions', 'azure-event-hubs', 'azure-cosmos-db'],
    needs: [
      {
        call: 'Microsoft.Storage/storageAccounts',
        source: 'https://learn.microsoft.com/azure/azure-functions/storage-considerations',
      },
    ],
  },
  {
    name: 'Google Cloud Run service with Cloud SQL',
    target: 'gcp',
    approved: ['gcp-cloud-run', 'gcp-cloud-sql', 'gcp-secret-manager', 'gcp-cloud-logging', 'gcp-artifact-registry'],
    needs: [
      {
        call: 'servicenetworking.googleapis.com',
        source: 'https://cloud.google.com/sql/docs/mysql/configure-private-ip',
      },
      { call: 'vpcaccess.googleapis.com', source: 'https://cloud.google.com/sql/docs/mysql/connect-run' },
    ],
  },
  {
    name: 'Google Kubernetes platform',
    target: 'gcp',
    approved: ['gcp-kubernetes-engine', 'gcp-compute-engine', 'gcp-cloud-load-balancing', 'gcp-cloud-dns'],
    needs: [
      {
        call: 'artifactregistry.googleapis.com',
        source: 'https://cloud.google.com/kubernetes-engine/docs/archive/deploy-app-container-image',
      },
    ],
  },
  {
    name: 'Azure golden images built with VM Image Builder',
    target: 'azure',
    approved: ['azure-vm-image-builder', 'azure-compute-gallery'],
    needs: [
      {
        call: 'Microsoft.ContainerInstance/containerGroups',
        source: 'https://learn.microsoft.com/azure/virtual-machines/security-isolated-image-builds-image-builder',
        by: 'azure-vm-image-builder',
      },
      {
        call: 'Microsoft.Storage/storageAccounts',
        source: 'https://learn.microsoft.com/azure/virtual-machines/security-isolated-image-builds-image-builder',
        by: 'azure-vm-image-builder',
      },
    ],
  },
  {
    name: 'Azure SIEM on Microsoft Sentinel',
    target: 'azure',
    approved: ['azure-sentinel'],
    needs: [
      {
        call: 'Microsoft.OperationalInsights/workspaces',
        source: 'https://learn.microsoft.com/azure/sentinel/quickstart-onboard',
        by: 'azure-sentinel',
      },
    ],
  },
  {
    name: 'Azure scale sets behind a load balancer, streaming to Event Hubs with capture',
    target: 'azure',
    approved: ['azure-virtual-machine-scale-sets', 'azure-event-hubs', 'azure-hdinsight'],
    needs: [
      {
        call: 'Microsoft.Network/virtualNetworks',
        source: 'https://learn.microsoft.com/azure/virtual-machine-scale-sets/virtual-machine-scale-sets-networking',
        by: 'azure-virtual-machine-scale-sets',
      },
      {
        call: 'Microsoft.Network/loadBalancers',
        source: 'https://learn.microsoft.com/azure/virtual-machine-scale-sets/virtual-machine-scale-sets-networking',
        by: 'azure-virtual-machine-scale-sets',
      },
      {
        call: 'Microsoft.Storage/storageAccounts',
        source: 'https://learn.microsoft.com/azure/event-hubs/event-hubs-features',
        by: 'azure-event-hubs',
      },
      {
        call: 'Microsoft.Storage/storageAccounts',
        source: 'https://learn.microsoft.com/azure/hdinsight/hdinsight-hadoop-provision-linux-clusters',
        by: 'azure-hdinsight',
      },
    ],
  },
  {
    name: 'Azure PostgreSQL reached privately from a web app',
    target: 'azure',
    approved: ['azure-database-for-postgresql', 'azure-app-service'],
    needs: [
      {
        call: 'Microsoft.Network/privateDnsZones',
        source: 'https://learn.microsoft.com/azure/postgresql/network/concepts-networking-private',
        by: 'azure-database-for-postgresql',
      },
      {
        call: 'Microsoft.Network/virtualNetworks',
        source: 'https://learn.microsoft.com/azure/app-service/overview-vnet-integration',
        by: 'azure-app-service',
      },
    ],
  },
  {
    name: 'Google continuous delivery to Kubernetes',
    target: 'gcp',
    approved: ['gcp-cloud-deploy', 'gcp-kubernetes-engine', 'gcp-artifact-registry'],
    needs: [
      {
        call: 'cloudbuild.googleapis.com',
        source: 'https://cloud.google.com/deploy/docs/architecture',
        by: 'gcp-cloud-deploy',
      },
      {
        call: 'storage.googleapis.com',
        source: 'https://cloud.google.com/deploy/docs/architecture',
        by: 'gcp-cloud-deploy',
      },
    ],
  },
  {
    name: 'Firebase web app on App Hosting',
    target: 'gcp',
    approved: ['gcp-firebase-app-hosting', 'gcp-firebase-authentication'],
    needs: [
      {
        call: 'run.googleapis.com',
        source: 'https://firebase.google.com/docs/app-hosting/about-app-hosting',
        by: 'gcp-firebase-app-hosting',
      },
      {
        call: 'artifactregistry.googleapis.com',
        source: 'https://firebase.google.com/docs/app-hosting/about-app-hosting',
        by: 'gcp-firebase-app-hosting',
      },
      {
        call: 'cloudbuild.googleapis.com',
        source: 'https://firebase.google.com/docs/app-hosting/build',
        by: 'gcp-firebase-app-hosting',
      },
    ],
  },
  {
    name: 'Google pipelines in Data Fusion and Dataform, landing in BigQuery through Pub/Sub',
    target: 'gcp',
    approved: ['gcp-cloud-data-fusion', 'gcp-dataform', 'gcp-pub-sub', 'gcp-cloud-storage'],
    needs: [
      {
        call: 'dataproc.googleapis.com',
        source: 'https://cloud.google.com/data-fusion/docs/concepts/dataproc',
        by: 'gcp-cloud-data-fusion',
      },
      {
        call: 'bigquery.googleapis.com',
        source: 'https://cloud.google.com/dataform/docs/overview',
        by: 'gcp-dataform',
      },
      { call: 'bigquery.googleapis.com', source: 'https://cloud.google.com/pubsub/docs/bigquery', by: 'gcp-pub-sub' },
    ],
  },
  {
    name: 'Google API gateway in front of Cloud Run',
    target: 'gcp',
    approved: ['gcp-api-gateway', 'gcp-cloud-run'],
    needs: [
      {
        call: 'servicemanagement.googleapis.com',
        source: 'https://cloud.google.com/api-gateway/docs/configure-dev-env',
        by: 'gcp-api-gateway',
      },
    ],
  },
  // From a review of thirteen more workloads (2026-11-27): each call below was denied without a word before.
  {
    name: 'AWS Step Functions running nested workflows to completion, encrypted with its own key',
    target: 'aws',
    approved: ['aws-step-functions', 'aws-lambda', 'aws-sqs', 'aws-cloudwatch'],
    needs: [
      {
        call: 'events:PutRule',
        source: 'https://docs.aws.amazon.com/step-functions/latest/dg/stepfunctions-iam.html',
        by: 'aws-step-functions',
      },
      {
        call: 'kms:GenerateDataKey',
        source: 'https://docs.aws.amazon.com/step-functions/latest/dg/encryption-at-rest.html',
        by: 'aws-step-functions',
      },
    ],
  },
  {
    name: 'AWS AppSync API with Cognito sign-in on custom domains',
    target: 'aws',
    approved: ['aws-appsync', 'aws-cognito', 'aws-dynamodb'],
    needs: [
      {
        call: 'logs:PutLogEvents',
        source: 'https://docs.aws.amazon.com/appsync/latest/APIReference/API_LogConfig.html',
      },
      {
        call: 'acm:DescribeCertificate',
        source: 'https://docs.aws.amazon.com/appsync/latest/devguide/custom-domain-name.html',
        by: 'aws-appsync',
      },
      {
        call: 'acm:DescribeCertificate',
        source: 'https://docs.aws.amazon.com/cognito/latest/developerguide/cognito-user-pools-add-custom-domain.html',
        by: 'aws-cognito',
      },
    ],
  },
  {
    name: 'AWS Auto Scaling groups managed through Session Manager',
    target: 'aws',
    approved: ['aws-ec2', 'aws-ec2-auto-scaling', 'aws-systems-manager', 'aws-elastic-load-balancing', 'aws-vpc'],
    needs: [
      {
        call: 'cloudwatch:PutMetricAlarm',
        source: 'https://docs.aws.amazon.com/autoscaling/ec2/userguide/as-scaling-simple-step.html',
        by: 'aws-ec2-auto-scaling',
      },
      {
        call: 's3:GetObject',
        source: 'https://docs.aws.amazon.com/systems-manager/latest/userguide/ssm-agent-minimum-s3-permissions.html',
        by: 'aws-systems-manager',
      },
      {
        call: 'logs:PutLogEvents',
        source:
          'https://docs.aws.amazon.com/systems-manager/latest/userguide/getting-started-create-iam-instance-profile.html',
        by: 'aws-systems-manager',
      },
      {
        call: 'kms:Decrypt',
        source:
          'https://docs.aws.amazon.com/systems-manager/latest/userguide/getting-started-create-iam-instance-profile.html',
        by: 'aws-systems-manager',
      },
    ],
  },
  {
    name: 'AWS Transfer Family FTPS server in a VPC',
    target: 'aws',
    approved: ['aws-transfer-family', 'aws-s3'],
    needs: [
      {
        call: 'logs:PutLogEvents',
        source: 'https://docs.aws.amazon.com/transfer/latest/userguide/API_LoggingConfiguration.html',
      },
      {
        call: 'acm:DescribeCertificate',
        source: 'https://docs.aws.amazon.com/transfer/latest/userguide/API_CreateServer.html',
      },
      {
        call: 'ec2:CreateVpcEndpoint',
        source: 'https://docs.aws.amazon.com/transfer/latest/userguide/create-server-in-vpc.html',
      },
    ],
  },
  {
    name: 'Azure API Management logging to Application Insights',
    target: 'azure',
    approved: ['azure-api-management', 'azure-key-vault'],
    needs: [
      {
        call: 'Microsoft.OperationalInsights/workspaces',
        source: 'https://learn.microsoft.com/azure/api-management/api-management-howto-app-insights',
      },
    ],
  },
  {
    name: 'Azure Virtual Desktop with FSLogix profiles and Insights',
    target: 'azure',
    approved: ['azure-virtual-desktop', 'azure-virtual-machines', 'azure-virtual-network'],
    needs: [
      {
        call: 'Microsoft.Storage/storageAccounts',
        source: 'https://learn.microsoft.com/azure/virtual-desktop/store-fslogix-profile',
      },
      {
        call: 'Microsoft.OperationalInsights/workspaces',
        source: 'https://learn.microsoft.com/azure/well-architected/azure-virtual-desktop/monitoring',
      },
    ],
  },
  {
    name: 'Google Dataflow Flex Template from Pub/Sub into BigQuery',
    target: 'gcp',
    approved: ['gcp-dataflow', 'gcp-pub-sub', 'gcp-bigquery', 'gcp-cloud-storage'],
    needs: [
      {
        call: 'artifactregistry.googleapis.com',
        source: 'https://cloud.google.com/dataflow/docs/guides/templates/configuring-flex-templates',
      },
      {
        call: 'cloudbuild.googleapis.com',
        source: 'https://cloud.google.com/dataflow/docs/guides/templates/configuring-flex-templates',
      },
    ],
  },
  {
    name: 'Google Vertex AI training on a private IP',
    target: 'gcp',
    approved: ['gcp-gemini-enterprise-agent-platform', 'gcp-cloud-storage', 'gcp-artifact-registry'],
    needs: [
      {
        call: 'servicenetworking.googleapis.com',
        source: 'https://cloud.google.com/vertex-ai/docs/general/vpc-peering',
      },
    ],
  },
  {
    name: 'Google data pipeline',
    target: 'gcp',
    approved: ['gcp-bigquery', 'gcp-dataflow', 'gcp-pub-sub', 'gcp-cloud-storage'],
    needs: [
      { call: 'compute.googleapis.com', source: 'https://cloud.google.com/dataflow/docs/concepts/access-control' },
    ],
  },
  {
    name: 'AWS Bedrock agent answering from a knowledge base with a third-party model',
    target: 'aws',
    approved: ['aws-bedrock', 'aws-bedrock-agents', 'aws-bedrock-knowledge-bases', 'aws-opensearch-service', 'aws-s3'],
    needs: [
      {
        call: 'aws-marketplace:Subscribe',
        source: 'https://docs.aws.amazon.com/bedrock/latest/userguide/model-access.html',
      },
      {
        call: 'aws-marketplace:ViewSubscriptions',
        source: 'https://docs.aws.amazon.com/bedrock/latest/userguide/model-access.html',
      },
    ],
  },
  {
    name: 'Azure Foundry agents in standard setup, over Azure AI Search',
    target: 'azure',
    approved: ['azure-foundry', 'azure-openai', 'azure-ai-search', 'azure-storage', 'azure-key-vault'],
    needs: [
      {
        call: 'Microsoft.DocumentDB/databaseAccounts',
        source: 'https://learn.microsoft.com/azure/ai-foundry/agents/concepts/standard-agent-setup',
      },
    ],
  },
  {
    name: 'Azure Databricks on classic compute in an injected virtual network',
    target: 'azure',
    approved: ['azure-databricks', 'azure-virtual-network', 'azure-storage', 'azure-key-vault'],
    needs: [
      {
        call: 'Microsoft.Compute/virtualMachines',
        source: 'https://learn.microsoft.com/azure/databricks/getting-started/overview',
      },
      {
        call: 'Microsoft.Compute/disks',
        source: 'https://learn.microsoft.com/azure/databricks/compute/configure',
      },
    ],
  },
  {
    name: 'Azure Batch pools in user subscription mode',
    target: 'azure',
    approved: ['azure-batch', 'azure-storage', 'azure-virtual-network'],
    needs: [
      { call: 'Microsoft.KeyVault/vaults', source: 'https://learn.microsoft.com/azure/batch/security-best-practices' },
      {
        call: 'Microsoft.Compute/virtualMachineScaleSets',
        source: 'https://learn.microsoft.com/azure/batch/security-best-practices',
      },
    ],
  },
  {
    name: 'Google Serverless for Apache Spark batches reading BigQuery',
    target: 'gcp',
    approved: ['gcp-serverless-for-apache-spark', 'gcp-bigquery', 'gcp-cloud-storage'],
    needs: [
      { call: 'compute.googleapis.com', source: 'https://cloud.google.com/dataproc-serverless/docs/concepts/network' },
    ],
  },
  {
    name: 'AWS GuardDuty Malware Protection for S3 buckets',
    target: 'aws',
    approved: ['aws-guardduty', 'aws-s3'],
    needs: [
      {
        call: 'events:PutRule',
        source: 'https://docs.aws.amazon.com/guardduty/latest/ug/malware-protection-s3-iam-policy-prerequisite.html',
      },
    ],
  },
  {
    name: 'AWS Quick Sight dashboards over Athena',
    target: 'aws',
    approved: ['aws-quick-sight', 'aws-athena', 'aws-glue', 'aws-s3'],
    needs: [
      {
        call: 'ds:CreateIdentityPoolDirectory',
        source: 'https://docs.aws.amazon.com/quick/latest/userguide/iam-policy-examples.html',
      },
    ],
  },
  {
    name: 'AWS contact centre on Amazon Connect with Lex and Lambda',
    target: 'aws',
    approved: ['aws-connect', 'aws-s3', 'aws-lex', 'aws-lambda', 'aws-cloudwatch'],
    needs: [
      {
        call: 'ds:CreateAlias',
        source: 'https://docs.aws.amazon.com/service-authorization/latest/reference/list_amazonconnect.html',
      },
    ],
  },
  {
    name: 'AWS managed Airflow environment',
    target: 'aws',
    approved: ['aws-mwaa', 'aws-s3', 'aws-cloudwatch', 'aws-sqs', 'aws-kms'],
    needs: [
      {
        call: 'ec2:CreateVpcEndpoint',
        source: 'https://docs.aws.amazon.com/mwaa/latest/userguide/access-policies.html',
      },
    ],
  },
  {
    name: 'AWS WorkSpaces on AWS Managed Microsoft AD',
    target: 'aws',
    approved: ['aws-workspaces'],
    needs: [
      {
        call: 'ec2:CreateNetworkInterface',
        source: 'https://docs.aws.amazon.com/aws-managed-policy/latest/reference/AmazonWorkSpacesServiceAccess.html',
      },
      {
        call: 'ds:CreateDirectory',
        source: 'https://docs.aws.amazon.com/workspaces/latest/api/API_RegisterWorkspaceDirectory.html',
      },
    ],
  },
  {
    name: 'AWS directory for its applications',
    target: 'aws',
    approved: ['aws-directory-service'],
    needs: [
      {
        call: 'ec2:CreateSecurityGroup',
        source: 'https://docs.aws.amazon.com/directoryservice/latest/admin-guide/IAM_Auth_Access_IdentityBased.html',
      },
    ],
  },
  {
    name: 'AWS Redshift querying S3 through Spectrum',
    target: 'aws',
    approved: ['aws-redshift', 'aws-s3'],
    needs: [
      { call: 'glue:GetTable', source: 'https://docs.aws.amazon.com/redshift/latest/dg/c-spectrum-iam-policies.html' },
    ],
  },
  {
    name: 'AWS Elastic Disaster Recovery replicating servers',
    target: 'aws',
    approved: ['aws-elastic-disaster-recovery'],
    needs: [
      {
        call: 'ec2:CreateSnapshot',
        source:
          'https://docs.aws.amazon.com/aws-managed-policy/latest/reference/AWSElasticDisasterRecoveryReplicationServerPolicy.html',
      },
    ],
  },
  {
    name: 'AWS Glue DataBrew jobs on S3',
    target: 'aws',
    approved: ['aws-glue-databrew', 'aws-s3'],
    needs: [
      {
        call: 'logs:CreateLogGroup',
        source: 'https://docs.aws.amazon.com/aws-managed-policy/latest/reference/AWSGlueDataBrewServiceRole.html',
      },
    ],
  },
  {
    name: 'AWS IoT Core rules into DynamoDB and S3, with logging',
    target: 'aws',
    approved: ['aws-iot-core', 'aws-dynamodb', 'aws-s3'],
    needs: [
      {
        call: 'dynamodb:PutItem',
        source: 'https://docs.aws.amazon.com/iot/latest/developerguide/iot-rule-actions.html',
      },
      {
        call: 'logs:PutLogEvents',
        source: 'https://docs.aws.amazon.com/iot/latest/developerguide/configure-logging.html',
      },
    ],
  },
  {
    name: 'AWS Kinesis stream encrypted with its own key, read by Lambda',
    target: 'aws',
    approved: ['aws-kinesis-data-streams', 'aws-lambda', 'aws-cloudwatch'],
    needs: [
      { call: 'kms:Decrypt', source: 'https://docs.aws.amazon.com/streams/latest/dev/permissions-user-key-KMS.html' },
    ],
  },
  {
    name: 'AWS Amplify Gen 2 full-stack app',
    target: 'aws',
    approved: ['aws-amplify', 'aws-cognito', 'aws-appsync', 'aws-dynamodb', 'aws-s3'],
    needs: [
      {
        call: 'cloudformation:DescribeStacks',
        source: 'https://docs.aws.amazon.com/aws-managed-policy/latest/reference/AmplifyBackendDeployFullAccess.html',
      },
      {
        call: 'ssm:DescribeParameters',
        source: 'https://docs.aws.amazon.com/aws-managed-policy/latest/reference/AmplifyBackendDeployFullAccess.html',
      },
    ],
  },
  {
    name: 'Azure Arc-enabled servers reached over SSH, with SQL Server connected',
    target: 'azure',
    approved: ['azure-arc-enabled-servers', 'azure-sql-server-enabled-by-azure-arc'],
    needs: [
      {
        call: 'Microsoft.HybridConnectivity/endpoints',
        source: 'https://learn.microsoft.com/azure/azure-arc/servers/ssh-arc-overview',
      },
      {
        call: 'Microsoft.AzureArcData/sqlServerInstances',
        source: 'https://learn.microsoft.com/sql/sql-server/azure-arc/prerequisites',
      },
    ],
  },
  {
    name: 'Azure Arc-enabled servers with SQL Server installed',
    target: 'azure',
    approved: ['azure-arc-enabled-servers'],
    needs: [
      {
        call: 'Microsoft.AzureArcData/sqlServerInstances',
        source: 'https://learn.microsoft.com/sql/sql-server/azure-arc/manage-autodeploy',
      },
    ],
  },
  {
    name: 'Azure Cache for Redis behind a private endpoint',
    target: 'azure',
    approved: ['azure-cache-for-redis', 'azure-private-link', 'azure-virtual-network'],
    needs: [
      {
        call: 'Microsoft.Network/privateDnsZones',
        source: 'https://learn.microsoft.com/azure/azure-cache-for-redis/cache-private-link',
        by: 'azure-private-link',
      },
    ],
  },
  {
    name: 'Azure-SSIS integration runtime joined to a virtual network by standard injection',
    target: 'azure',
    approved: ['azure-data-factory', 'azure-virtual-network', 'azure-sql-database'],
    needs: [
      {
        call: 'Microsoft.Network/loadBalancers',
        source:
          'https://learn.microsoft.com/azure/data-factory/azure-ssis-integration-runtime-standard-virtual-network-injection',
        by: 'azure-data-factory',
      },
      {
        call: 'Microsoft.Network/publicIPAddresses',
        source:
          'https://learn.microsoft.com/azure/data-factory/azure-ssis-integration-runtime-standard-virtual-network-injection',
      },
      {
        call: 'Microsoft.Network/networkSecurityGroups',
        source:
          'https://learn.microsoft.com/azure/data-factory/azure-ssis-integration-runtime-standard-virtual-network-injection',
      },
    ],
  },
  {
    name: 'Azure Logic Apps Standard',
    target: 'azure',
    approved: ['azure-logic-apps'],
    needs: [
      {
        call: 'Microsoft.Web/sites',
        source: 'https://learn.microsoft.com/azure/logic-apps/single-tenant-overview-compare',
      },
      {
        call: 'Microsoft.Storage/storageAccounts',
        source: 'https://learn.microsoft.com/azure/logic-apps/single-tenant-overview-compare',
      },
    ],
  },
  {
    name: 'Azure SQL Managed Instance in a delegated subnet',
    target: 'azure',
    approved: ['azure-sql-managed-instance'],
    needs: [
      {
        call: 'Microsoft.Network/networkSecurityGroups',
        source: 'https://learn.microsoft.com/azure/azure-sql/managed-instance/connectivity-architecture-overview',
      },
      {
        call: 'Microsoft.Network/routeTables',
        source: 'https://learn.microsoft.com/azure/azure-sql/managed-instance/connectivity-architecture-overview',
      },
    ],
  },
  {
    name: 'Google Cloud Workstations',
    target: 'gcp',
    approved: ['gcp-cloud-workstations'],
    needs: [{ call: 'compute.googleapis.com', source: 'https://cloud.google.com/workstations/docs/architecture' }],
  },
  {
    name: 'Google Cloud Build private pool peered with a VPC network',
    target: 'gcp',
    approved: ['gcp-cloud-build', 'gcp-cloud-storage', 'gcp-artifact-registry'],
    needs: [
      {
        call: 'servicenetworking.googleapis.com',
        source: 'https://cloud.google.com/build/docs/private-pools/create-manage-private-pools',
        by: 'gcp-cloud-build',
      },
    ],
  },
  {
    name: 'Google Cloud Run function on a Cloud Storage trigger',
    target: 'gcp',
    approved: ['gcp-cloud-run-functions', 'gcp-eventarc', 'gcp-cloud-storage'],
    needs: [
      { call: 'pubsub.googleapis.com', source: 'https://cloud.google.com/eventarc/docs/overview' },
      { call: 'cloudbuild.googleapis.com', source: 'https://cloud.google.com/run/docs/deploy-functions' },
      { call: 'artifactregistry.googleapis.com', source: 'https://cloud.google.com/run/docs/deploy-functions' },
    ],
  },
  {
    name: 'Google Batch jobs',
    target: 'gcp',
    approved: ['gcp-batch'],
    needs: [{ call: 'compute.googleapis.com', source: 'https://cloud.google.com/batch/docs/get-started' }],
  },
  {
    name: 'Google BigQuery scheduled queries',
    target: 'gcp',
    approved: ['gcp-bigquery'],
    needs: [
      {
        call: 'bigquerydatatransfer.googleapis.com',
        source: 'https://cloud.google.com/bigquery/docs/scheduling-queries',
      },
    ],
  },
  {
    name: 'AWS CloudFront with Lambda@Edge functions, logging',
    target: 'aws',
    approved: ['aws-cloudfront', 'aws-lambda-at-edge', 'aws-s3'],
    needs: [
      {
        call: 'logs:CreateLogGroup',
        source: 'https://docs.aws.amazon.com/AmazonCloudFront/latest/DeveloperGuide/lambda-edge-permissions.html',
      },
    ],
  },
  {
    name: 'AWS IoT Greengrass v2 deployments of components from S3',
    target: 'aws',
    approved: ['aws-iot-greengrass'],
    needs: [
      {
        call: 'iot:CreateJob',
        source: 'https://docs.aws.amazon.com/greengrass/v2/developerguide/create-deployments.html',
      },
      {
        call: 's3:GetObject',
        source: 'https://docs.aws.amazon.com/greengrass/v2/developerguide/device-service-role.html',
      },
      {
        call: 'logs:PutLogEvents',
        source: 'https://docs.aws.amazon.com/greengrass/v2/developerguide/device-service-role.html',
      },
    ],
  },
  {
    name: 'AWS MSK Connect with a custom plugin',
    target: 'aws',
    approved: ['aws-msk', 'aws-vpc', 'aws-cloudwatch'],
    needs: [
      {
        call: 's3:GetObject',
        source: 'https://docs.aws.amazon.com/msk/latest/developerguide/msk-connect-plugins.html',
      },
    ],
  },
  {
    name: 'AWS Managed Grafana with IAM Identity Center users',
    target: 'aws',
    approved: ['aws-managed-grafana', 'aws-cloudwatch'],
    needs: [
      {
        call: 'sso:CreateManagedApplicationInstance',
        source: 'https://docs.aws.amazon.com/grafana/latest/userguide/authentication-in-AMG-SSO.html',
      },
    ],
  },
  {
    name: 'AWS CodeBuild building from GitHub through a connection',
    target: 'aws',
    approved: ['aws-codebuild', 'aws-ecr', 'aws-vpc', 'aws-cloudwatch', 'aws-s3'],
    needs: [
      {
        call: 'codeconnections:GetConnectionToken',
        source: 'https://docs.aws.amazon.com/codebuild/latest/userguide/connections-github-app.html',
      },
    ],
  },
  {
    name: 'AWS OpenSearch Ingestion from S3 object notifications',
    target: 'aws',
    approved: ['aws-opensearch-service', 'aws-s3'],
    needs: [
      {
        call: 'sqs:ReceiveMessage',
        source: 'https://docs.aws.amazon.com/opensearch-service/latest/developerguide/configure-client-s3.html',
      },
    ],
  },
  {
    name: 'AWS RDS Proxy in front of RDS',
    target: 'aws',
    approved: ['aws-rds-proxy', 'aws-rds', 'aws-vpc'],
    needs: [
      {
        call: 'secretsmanager:GetSecretValue',
        source: 'https://docs.aws.amazon.com/AmazonRDS/latest/UserGuide/rds-proxy-secrets-arns.html',
      },
    ],
  },
  {
    name: 'AWS Kendra index over S3',
    target: 'aws',
    approved: ['aws-kendra', 'aws-s3'],
    needs: [{ call: 'logs:PutLogEvents', source: 'https://docs.aws.amazon.com/kendra/latest/dg/iam-roles.html' }],
  },
  {
    name: 'Azure NetApp Files volumes',
    target: 'azure',
    approved: ['azure-netapp-files'],
    needs: [
      {
        call: 'Microsoft.Network/virtualNetworks',
        source: 'https://learn.microsoft.com/azure/azure-netapp-files/azure-netapp-files-delegate-subnet',
      },
    ],
  },
  {
    name: 'Azure Firewall Manager with a secured virtual hub',
    target: 'azure',
    approved: ['azure-firewall-manager'],
    needs: [
      {
        call: 'Microsoft.Network/virtualHubs',
        source: 'https://learn.microsoft.com/azure/firewall-manager/secured-virtual-hub',
      },
      {
        call: 'Microsoft.Network/azureFirewalls',
        source: 'https://learn.microsoft.com/azure/firewall-manager/overview',
      },
    ],
  },
  {
    name: 'Azure Site Recovery replicating Azure VMs with automatic updates',
    target: 'azure',
    approved: ['azure-site-recovery', 'azure-virtual-machines', 'azure-virtual-network', 'azure-storage'],
    needs: [
      {
        call: 'Microsoft.Automation/automationAccounts',
        source: 'https://learn.microsoft.com/azure/site-recovery/azure-to-azure-autoupdate',
      },
    ],
  },
  {
    name: 'Azure Red Hat OpenShift cluster',
    target: 'azure',
    approved: ['azure-red-hat-openshift', 'azure-virtual-network'],
    needs: [
      {
        call: 'Microsoft.Compute/virtualMachines',
        source: 'https://learn.microsoft.com/azure/openshift/support-policies-v4',
      },
      {
        call: 'Microsoft.Network/loadBalancers',
        source: 'https://learn.microsoft.com/azure/openshift/concepts-networking',
      },
      {
        call: 'Microsoft.Network/privateLinkServices',
        source: 'https://learn.microsoft.com/azure/openshift/concepts-networking',
      },
    ],
  },
  {
    name: 'Google Cloud Run reaching Memorystore for Valkey through Direct VPC egress',
    target: 'gcp',
    approved: ['gcp-cloud-run', 'gcp-memorystore', 'gcp-artifact-registry'],
    needs: [
      {
        call: 'compute.googleapis.com',
        source: 'https://cloud.google.com/run/docs/configuring/vpc-direct-vpc',
        by: 'gcp-cloud-run',
      },
      {
        call: 'compute.googleapis.com',
        source: 'https://cloud.google.com/memorystore/docs/valkey/instance-provisioning-vpc',
        by: 'gcp-memorystore',
      },
    ],
  },
  {
    name: 'Google Secure Source Manager private instance with build triggers',
    target: 'gcp',
    approved: ['gcp-secure-source-manager'],
    needs: [
      {
        call: 'cloudbuild.googleapis.com',
        source: 'https://cloud.google.com/secure-source-manager/docs/connect-cloud-build',
      },
      {
        call: 'compute.googleapis.com',
        source: 'https://cloud.google.com/secure-source-manager/docs/create-private-service-connect-instance',
      },
    ],
  },
];

const unrestricted = (name: string) =>
  gcpRestrictability(GCP_RESTRICT_SERVICE_USAGE_COVERAGE, name) === 'not-restrictable';

const denies = (target: PolicyTarget, doc: unknown, call: string): boolean =>
  target === 'aws'
    ? scpDenies(doc, call)
    : target === 'azure'
      ? azureDenies(doc, call)
      : gcpDenies(doc, call, unrestricted);

/** The identifier of a call that a service lists: an IAM prefix, an Azure namespace or type, a Google service name. */
const identifierOf = (target: PolicyTarget, call: string): string => (target === 'aws' ? call.split(':')[0]! : call);

/** Whether a service (with its sub-services) owns the call's identifier. */
function owns(target: PolicyTarget, s: ServiceEntry, call: string): boolean {
  const kind = target === 'aws' ? 'iamPrefixes' : target === 'azure' ? 'resourceProviders' : 'serviceNames';
  const id = identifierOf(target, call).toLowerCase();
  const ids = [s.identifiers, ...s.subServices.map((x) => x.identifiers)].flatMap((i) => i?.[kind] ?? []);
  return ids.some((own) => {
    const o = own.toLowerCase();
    // Azure: a namespace covers its types, a type its child types.
    return o === id || (target === 'azure' && id.startsWith(`${o}/`));
  });
}

describe('a dependency the policy lets partly through', () => {
  it('is named with the identifiers it still denies, so "denied" does not contradict "also allows"', () => {
    // Compute Engine lets the VPC's compute API through; Cloud SQL's private IP needs its private services access too.
    const result = generatePolicy('gcp', catalogue, ['gcp-cloud-sql', 'gcp-compute-engine'], {
      today: '2026-11-27',
      gcpParent: 'organizations/123456789012',
    });
    if (result.kind !== 'policy') throw new Error(result.kind);
    const vpc = result.dependencies.find(
      (d) => d.serviceId === 'gcp-cloud-sql' && d.service === 'gcp-virtual-private-cloud',
    );
    expect(vpc).toMatchObject({ status: 'missing', denied: ['servicenetworking.googleapis.com'] });
    expect(result.alsoAllows.find((a) => a.id === 'gcp-virtual-private-cloud')).toMatchObject({ partial: true });
    // A dependency denied whole says nothing more.
    const whole = generatePolicy('gcp', catalogue, ['gcp-cloud-sql'], { today: '2026-11-27' });
    if (whole.kind !== 'policy') throw new Error(whole.kind);
    expect(whole.dependencies.find((d) => d.service === 'gcp-virtual-private-cloud')).not.toHaveProperty('denied');
  });
});

describe('what a common use of a service does without', () => {
  // Each is a need of some uses only: reported, as a recommendation, never as a requirement.
  it.each([
    ['aws', ['aws-athena', 'aws-glue', 'aws-s3'], 'aws-cloudwatch'],
    ['aws', ['aws-athena', 'aws-glue', 'aws-s3'], 'aws-vpc'],
    ['aws', ['aws-glue-databrew', 'aws-s3'], 'aws-cloudwatch'],
    ['aws', ['aws-directory-service'], 'aws-vpc'],
    ['azure', ['azure-machine-learning', 'azure-storage', 'azure-key-vault'], 'azure-container-registry'],
    ['gcp', ['gcp-cloud-composer', 'gcp-cloud-storage'], 'gcp-kubernetes-engine'],
  ] as const)('%s %j: %s is recommended, not required', (target, approved, service) => {
    const result = generatePolicy(target, catalogue, [...approved], {
      today: '2026-11-27',
      gcpParent: 'organizations/123456789012',
    });
    if (result.kind !== 'policy') throw new Error(result.kind);
    const named = result.dependencies.filter((d) => d.service === service);
    expect(named.length, `${service} is reported`).toBeGreaterThan(0);
    expect(named.map((d) => d.kind)).not.toContain('requires');
  });
});

describe('a need only a rare set-up has', () => {
  it('is not reported: Batch with its default service-linked role, which makes the EC2 Auto Scaling groups', () => {
    const result = generatePolicy('aws', catalogue, ['aws-batch', 'aws-fargate', 'aws-vpc', 'aws-ecs'], {
      today: '2026-11-27',
    });
    if (result.kind !== 'policy') throw new Error(result.kind);
    expect(result.dependencies.map((d) => d.service)).not.toContain('aws-ec2-auto-scaling');
  });
});

describe("a dependency's own dependencies", () => {
  it('are reported only where they are requirements: Connect needs Directory Service, not the VPC of managed directories', () => {
    const result = generatePolicy('aws', catalogue, ['aws-connect'], { today: '2026-11-27' });
    if (result.kind !== 'policy') throw new Error(result.kind);
    const missing = result.dependencies.filter((d) => d.status === 'missing').map((d) => [d.serviceId, d.service]);
    expect(missing).toEqual([['aws-connect', 'aws-directory-service']]);
    // Added as required, Directory Service brings nothing more: no ec2 for a directory Connect makes itself.
    const added = generatePolicy('aws', catalogue, ['aws-connect'], { today: '2026-11-27', dependencies: 'include' });
    if (added.kind !== 'policy') throw new Error(added.kind);
    expect(scpDenies(added.document, 'ds:CreateIdentityPoolDirectory')).toBe(false);
    expect(scpDenies(added.document, 'ec2:CreateSecurityGroup')).toBe(true);
  });
});

describe.each(workloads)('$name', ({ target, approved, needs }) => {
  const result = generatePolicy(target, catalogue, approved, {
    today: '2026-11-27',
    gcpParent: 'organizations/123456789012',
  });
  if (result.kind !== 'policy') throw new Error(`${approved.join(', ')}: ${result.kind}`);
  const missing = result.dependencies.filter((d) => d.status === 'missing');

  it('every id of the list is a catalogue service of this cloud', () => {
    for (const id of approved) expect(catalogue.service(id)?.provider, id).toBe(target);
  });

  it.each(needs)('$call is allowed, or a dependency the report names as denied', ({ call, by }) => {
    if (!denies(target, result.document, call)) return;
    const told = missing.filter(
      (d) =>
        (by === undefined || d.serviceId === by) &&
        (d.service
          ? owns(target, catalogue.service(d.service)!, call)
          : d.identifiers?.includes(identifierOf(target, call))),
    );
    expect(told, `${call} is denied and the report does not say so`).not.toEqual([]);
  });

  it('names as denied no dependency whose calls the workload makes and the policy allows', () => {
    for (const d of missing) {
      const allowedNeeds = needs.filter(
        ({ call }) =>
          d.service && owns(target, catalogue.service(d.service)!, call) && !denies(target, result.document, call),
      );
      expect(allowedNeeds, `${d.serviceId} → ${d.service ?? d.identifiers}`).toEqual([]);
    }
  });
});
