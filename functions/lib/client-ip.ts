/**
 * The client address a request is counted against. With no trusted proxy the
 * socket address is the client, whatever X-Forwarded-For says (a client can
 * write anything there). With N trusted proxies in front, the client is the
 * Nth address from the right of `X-Forwarded-For, socket`.
 */
export function clientIp(socketAddress: string, forwardedFor: string | null, trustedProxies: number): string {
  const socket = normalise(socketAddress);
  if (trustedProxies <= 0 || !forwardedFor) return socket;
  const chain = [
    ...forwardedFor
      .split(',')
      .map((s) => normalise(s.trim()))
      .filter(Boolean),
    socket,
  ];
  return chain[Math.max(0, chain.length - 1 - trustedProxies)]!;
}

/** `::ffff:127.0.0.1` and `127.0.0.1` are the same client. */
function normalise(address: string): string {
  return address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
}
