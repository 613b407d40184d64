import type { FastifyRequest } from "fastify";
import ipaddr from "ipaddr.js";
import type { TrustProxy } from "../config";

/**
 * Fastify's `trustProxy` for TRUST_PROXY (DESIGN.md §21). Addresses and ranges go as they are.
 * A hop count goes as a function: Fastify 5.12.1 stopped honouring a number (it cannot tell a
 * proxy from a client that reaches the server directly), so `n` trusts the socket and the n-1
 * entries nearest it, and the client is the nth entry from the right of X-Forwarded-For. That is
 * right only when nobody reaches the server except through those proxies (README, "Several
 * instances behind a load balancer"); addresses are the safer setting.
 */
export function trustProxyOption(
  trust: TrustProxy,
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust === "number") return trust > 0 ? (_address, hop) => hop < trust : false;
  return trust;
}

/**
 * The client's address as every limit keys it (logins, registrations, forgot password, single
 * sign-on) and as better-auth records it: Fastify's `request.ip` under TRUST_PROXY, an IPv4
 * address in IPv6 clothing as IPv4, and an IPv6 address reduced to its /64 (written as the
 * network's address), since one host usually holds a whole /64 and could otherwise be 2^64
 * clients.
 */
export function clientAddress(request: FastifyRequest): string {
  const ip = request.ip;
  if (!ipaddr.isValid(ip)) return ip;
  const address = ipaddr.process(ip);
  if (address.kind() === "ipv4") return address.toString();
  const parts = (address as ipaddr.IPv6).parts.slice(0, 4);
  return new ipaddr.IPv6([...parts, 0, 0, 0, 0]).toString();
}
