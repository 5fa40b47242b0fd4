/**
 * The hosts each cloud publishes its own documentation and announcements on:
 * the main docs sites, AWS's documentation for its China Regions, and three
 * product lines documented only on their own vendor-run sites (Kiro, an AWS
 * product, at kiro.dev; AWS Amplify's libraries and back ends at
 * docs.amplify.aws; Firebase, part of Google Cloud, at firebase.google.com).
 * A page elsewhere is a third party's account of the vendor, and is labelled
 * as such wherever the catalogue links to it.
 */
export const vendorDocHosts: Record<string, readonly string[]> = {
  aws: ['docs.aws.amazon.com', 'aws.amazon.com', 'docs.amazonaws.cn', 'kiro.dev', 'docs.amplify.aws'],
  azure: ['learn.microsoft.com', 'azure.microsoft.com'],
  gcp: ['cloud.google.com', 'docs.cloud.google.com', 'firebase.google.com'],
};

/** The host of a URL that is not on its cloud's own hosts (the URL itself when it has none), or undefined when it is the vendor's. */
export function thirdPartyHost(provider: string, url: string): string | undefined {
  let host: string;
  try {
    host = new URL(url).hostname;
  } catch {
    return url;
  }
  return vendorDocHosts[provider]?.includes(host) ? undefined : host;
}

/**
 * Whose account an announcement link is, in words, when it is not the vendor's own page ("reported by
 * docs.chainstack.com, not the vendor"), or undefined for the vendor's.
 */
export function reportedBy(provider: string, url: string): string | undefined {
  const host = thirdPartyHost(provider, url);
  return host ? `reported by ${host}, not the vendor` : undefined;
}
