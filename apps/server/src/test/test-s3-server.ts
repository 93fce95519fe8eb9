import { createHash, createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export type S3Object = { bytes: Buffer; contentType: string };
/** A request as it came: its object's key (without the bucket), and how it was answered. */
export type S3Call = {
  method: string;
  key: string;
  headers: IncomingMessage['headers'];
  size: number;
  status: number;
  code?: string;
};
type Refusal = { status: number; code: string; message: string };

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');
const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();
/** RFC 3986 encoding, as SigV4 wants for the query. */
const escape = (text: string) =>
  encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

const AUTHORIZATION =
  /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/;
const refuse = (status: number, code: string, message: string): Refusal => ({ status, code, message });

/**
 * Why S3 would refuse this request, or null when it is signed (AWS Signature Version 4) with the
 * secret of the one access key this server knows.
 */
function refusal(
  req: IncomingMessage,
  body: Buffer,
  key: { accessKeyId: string; secretAccessKey: string; region: string },
): Refusal | null {
  const header = (name: string) =>
    String(req.headers[name] ?? '')
      .trim()
      .replace(/\s+/g, ' ');
  const auth = AUTHORIZATION.exec(header('authorization'));
  if (!auth) return refuse(403, 'AccessDenied', 'Access Denied');
  const [, accessKeyId, day = '', region = '', signedHeaders = '', signature] = auth;
  if (accessKeyId !== key.accessKeyId) {
    return refuse(403, 'InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist.');
  }
  if (region !== key.region) {
    return refuse(400, 'AuthorizationHeaderMalformed', `The region '${region}' is wrong here.`);
  }
  // A plain S3-compatible service: a body hash or none, no streamed signatures or checksum trailers.
  const payloadHash = header('x-amz-content-sha256');
  if (payloadHash !== 'UNSIGNED-PAYLOAD' && !/^[0-9a-f]{64}$/.test(payloadHash)) {
    return refuse(501, 'NotImplemented', 'A header you provided implies unknown functionality.');
  }
  if (payloadHash !== 'UNSIGNED-PAYLOAD' && payloadHash !== sha256(body)) {
    return refuse(400, 'XAmzContentSHA256Mismatch', 'x-amz-content-sha256 does not match the body.');
  }
  const [path = '', rawQuery = ''] = (req.url ?? '').split('?');
  const query = [...new URLSearchParams(rawQuery)].map(([n, v]) => `${escape(n)}=${escape(v)}`).sort();
  const headers = signedHeaders.split(';').map((name) => `${name}:${header(name)}\n`);
  const canonical = [req.method, path, query.join('&'), headers.join(''), signedHeaders, payloadHash];
  const scope = `${day}/${region}/s3/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', header('x-amz-date'), scope, sha256(canonical.join('\n'))].join('\n');
  const signingKey = [day, region, 's3', 'aws4_request'].reduce<Buffer | string>(
    (secret, part) => hmac(secret, part),
    `AWS4${key.secretAccessKey}`,
  );
  if (hmac(signingKey, toSign).toString('hex') !== signature) {
    return refuse(
      403,
      'SignatureDoesNotMatch',
      'The request signature we calculated does not match the signature you provided.',
    );
  }
  return null;
}

/**
 * An S3-compatible service for tests: one bucket, path-style `/<bucket>/<key>` PUT, GET, HEAD and
 * DELETE, objects kept in memory with their content type, every request checked against the access
 * key's secret, refusals answered with S3's XML errors, every call recorded.
 */
export async function startTestS3({ bucket = 'crm-files', region = 'us-east-1' } = {}) {
  const key = {
    accessKeyId: `AKTEST${randomBytes(6).toString('hex').toUpperCase()}`,
    secretAccessKey: randomBytes(20).toString('base64'),
    region,
  };
  const objects = new Map<string, S3Object>();
  const calls: S3Call[] = [];

  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const [, bucketName = '', rawKey = ''] = /^\/([^/?]*)\/?([^?]*)/.exec(req.url ?? '') ?? [];
    const call: S3Call = {
      method: req.method ?? '',
      key: decodeURIComponent(rawKey),
      headers: req.headers,
      size: body.length,
      status: 200,
    };
    calls.push(call);
    const answer = (status: number, headers: Record<string, string | number> = {}, content?: Buffer) => {
      call.status = status;
      res
        .writeHead(status, { 'x-amz-request-id': randomBytes(8).toString('hex'), ...headers })
        .end(req.method === 'HEAD' ? undefined : content);
    };
    const fail = ({ status, code, message }: Refusal) => {
      call.code = code;
      const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message><RequestId>test</RequestId></Error>`;
      answer(status, { 'content-type': 'application/xml' }, Buffer.from(xml));
    };

    const refused = refusal(req, body, key);
    if (refused) return fail(refused);
    if (bucketName !== bucket)
      return fail(refuse(404, 'NoSuchBucket', 'The specified bucket does not exist'));
    if (!call.key) return fail(refuse(501, 'NotImplemented', 'Only object requests are known here'));
    const found = objects.get(call.key);
    switch (req.method) {
      case 'PUT':
        objects.set(call.key, {
          bytes: body,
          contentType: req.headers['content-type'] ?? 'binary/octet-stream',
        });
        return answer(200, { etag: `"${createHash('md5').update(body).digest('hex')}"` });
      case 'GET':
      case 'HEAD':
        if (!found) return fail(refuse(404, 'NoSuchKey', 'The specified key does not exist.'));
        return answer(
          200,
          { 'content-type': found.contentType, 'content-length': found.bytes.length },
          found.bytes,
        );
      case 'DELETE':
        objects.delete(call.key);
        return answer(204);
      default:
        return fail(
          refuse(405, 'MethodNotAllowed', 'The specified method is not allowed against this resource.'),
        );
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    bucket,
    /** The one access key it knows, and its secret and region. */
    ...key,
    objects,
    calls,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type TestS3 = Awaited<ReturnType<typeof startTestS3>>;
