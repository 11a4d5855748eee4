/**
 * A tiny authoritative DNS server on a loopback UDP port, so the real resolver code (node:dns's
 * Resolver pointed at it) runs for real without the network. It answers A, AAAA and MX from a
 * table, NXDOMAIN for any other name, and records every question it was asked.
 */
import dgram from 'node:dgram';
import ipaddr from 'ipaddr.js';

export type Zone = Record<string, { a?: string[]; aaaa?: string[]; mx?: string[] }>;

export type DnsServer = {
  /** `127.0.0.1:<port>`, for Resolver.setServers or DNS_SERVERS. */
  address: string;
  /** Names asked so far, lowercased, in order. */
  questions: string[];
  close(): Promise<void>;
};

const TYPE = { A: 1, MX: 15, AAAA: 28 } as const;

function encodeName(name: string): Buffer {
  const parts = name ? name.split('.').map((label) => Buffer.concat([Buffer.from([label.length]), Buffer.from(label)])) : [];
  return Buffer.concat([...parts, Buffer.from([0])]);
}

function readQuestion(query: Buffer): { name: string; end: number; type: number } {
  const labels: string[] = [];
  let offset = 12;
  while (query[offset] !== 0) {
    const length = query[offset] ?? 0;
    labels.push(query.subarray(offset + 1, offset + 1 + length).toString());
    offset += length + 1;
  }
  return { name: labels.join('.').toLowerCase(), end: offset + 5, type: query.readUInt16BE(offset + 1) };
}

function record(type: number, rdata: Buffer): Buffer {
  const fixed = Buffer.alloc(10);
  fixed.writeUInt16BE(type, 0);
  fixed.writeUInt16BE(1, 2); // class IN
  fixed.writeUInt32BE(60, 4); // TTL
  fixed.writeUInt16BE(rdata.length, 8);
  return Buffer.concat([Buffer.from([0xc0, 12]), fixed, rdata]); // name: pointer to the question
}

function answer(zone: Zone, query: Buffer): { name: string; reply: Buffer } {
  const { name, end, type } = readQuestion(query);
  const entry = zone[name];
  let records: Buffer[] = [];
  if (entry && type === TYPE.A) records = (entry.a ?? []).map((ip) => record(type, Buffer.from(ipaddr.parse(ip).toByteArray())));
  if (entry && type === TYPE.AAAA) records = (entry.aaaa ?? []).map((ip) => record(type, Buffer.from(ipaddr.parse(ip).toByteArray())));
  if (entry && type === TYPE.MX) {
    records = (entry.mx ?? []).map((exchange, index) =>
      record(type, Buffer.concat([Buffer.from([0, index === 0 && exchange === '' ? 0 : 10 * (index + 1)]), encodeName(exchange)])),
    );
  }
  const header = Buffer.alloc(12);
  query.copy(header, 0, 0, 2); // id
  header.writeUInt16BE(0x8180 | (entry ? 0 : 3), 2); // response, recursion available, NXDOMAIN when unknown
  header.writeUInt16BE(1, 4);
  header.writeUInt16BE(records.length, 6);
  return { name, reply: Buffer.concat([header, query.subarray(12, end), ...records]) };
}

export async function startDnsServer(zone: Zone): Promise<DnsServer> {
  const socket = dgram.createSocket('udp4');
  const questions: string[] = [];
  socket.on('message', (message, remote) => {
    const { name, reply } = answer(zone, message);
    questions.push(name);
    socket.send(reply, remote.port, remote.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  return {
    address: `127.0.0.1:${socket.address().port}`,
    questions,
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}
