import { AwsClient } from 'aws4fetch';
import type { Storage } from './storage';

export type S3Config = {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
};

/**
 * Any S3-compatible store (AWS S3, MinIO, R2, …), path-style addressed, signed with SigV4.
 * Objects stay private: members only ever get them through our authorising routes.
 */
export function createS3Storage(config: S3Config): Storage {
  const client = new AwsClient({
    accessKeyId: config.accessKeyId,
    secretAccessKey: config.secretAccessKey,
    region: config.region,
    service: 's3',
  });
  const base = `${config.endpoint.replace(/\/$/, '')}/${encodeURIComponent(config.bucket)}`;
  const url = (key: string) => `${base}/${key.split('/').map(encodeURIComponent).join('/')}`;
  const fail = async (action: string, key: string, response: Response): Promise<never> => {
    throw new Error(`S3 ${action} ${key} failed with ${response.status}: ${(await response.text()).slice(0, 200)}`);
  };
  return {
    async put(key, data) {
      const response = await client.fetch(url(key), {
        method: 'PUT',
        body: new Uint8Array(data),
        headers: { 'content-type': 'application/octet-stream' },
      });
      if (!response.ok) await fail('PUT', key, response);
    },
    async get(key) {
      const response = await client.fetch(url(key));
      if (response.status === 404) return null;
      if (!response.ok) await fail('GET', key, response);
      return Buffer.from(await response.arrayBuffer());
    },
    async delete(key) {
      const response = await client.fetch(url(key), { method: 'DELETE' });
      if (!response.ok && response.status !== 404) await fail('DELETE', key, response);
    },
    async list() {
      // ListObjectsV2, a page of up to 1,000 keys at a time.
      const keys: string[] = [];
      let token: string | null = null;
      do {
        const query = new URLSearchParams({ 'list-type': '2', ...(token ? { 'continuation-token': token } : {}) });
        const response = await client.fetch(`${base}?${query}`);
        if (!response.ok) await fail('LIST', '', response);
        const xml = await response.text();
        for (const match of xml.matchAll(/<Key>([^<]*)<\/Key>/g)) keys.push(decodeXml(match[1]!));
        token = /<IsTruncated>true<\/IsTruncated>/.test(xml)
          ? decodeXml(/<NextContinuationToken>([^<]*)<\/NextContinuationToken>/.exec(xml)?.[1] ?? '') || null
          : null;
      } while (token);
      return keys;
    },
  };
}

const decodeXml = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
