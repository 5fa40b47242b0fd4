/**
 * Checks a MongoDB connection string the way the driver will read it, without
 * connecting: the MongoClient constructor parses the URI and its options and
 * throws on a malformed one (no host, an unknown option, a bad value). Caught
 * at start-up, such a URI stops the server with the reason, rather than the
 * server announcing itself and answering 503 for ever.
 */
import { MongoClient } from 'mongodb';

/** The driver's reason a URI is unusable, or undefined when it parses. The reason may quote the URI: mask it. */
export function mongoUriProblem(uri: string): string | undefined {
  try {
    // Nothing is opened before connect(): the client is dropped unused.
    new MongoClient(uri);
    return undefined;
  } catch (e) {
    return `not a usable MongoDB connection string: ${e instanceof Error ? e.message : String(e)}.`;
  }
}
