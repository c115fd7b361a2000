/**
 * api-server-unreachable: the kubelet cannot reach (or is refused by) the API server — its node status updates, lease
 * renewals, registration and pod status writes fail. The kubelet keeps running its pods, but the control plane hears
 * nothing from it: after 40 s without a status or lease (the node controller's grace period) it marks the node
 * NotReady (Unknown), and some minutes later evicts its pods. One finding per node and cause, the cause read from the
 * errors' words (connection refused, timeouts, an expired certificate, Unauthorized, DNS…), with whether the log shows
 * the failures stop. Besides the node's own writes (status, lease, registration), pod status requests, the informers'
 * lists and watches and certificate requests count when their error names such a cause.
 */
import type { Detector } from '../detectors.ts';
import { eventRawText } from '../../model/trace-query.ts';
import type { FindingContext } from '../context.ts';
import { FindingBuilder } from '../finding-builder.ts';
import { KINDS, kindId } from '../../catalog/catalog.ts';
import type { Finding, PodInfo, Trace } from '../../model/trace.ts';
import { printedMessage } from '../../model/trace-query.ts';
import { Severity } from '../../ingest/klog-header.ts';
import { causeByWords, lastEventOn, type Cause as BaseCause } from '../causes.ts';
import { clip, isWriteConflict, NODE_NOT_FOUND } from '../text-scan.ts';
import { burstCount } from '../episodes.ts';
import { count, duration, lineRef, listOf, timeOfEvent } from '../wording.ts';

/** The node's own writes: any error of theirs counts. */
const NODE_WRITES = ['node.status-error', 'node.lease-failed', 'node.register-failed'];
/**
 * Other requests — pod status reads and writes, the informers' lists and watches, certificate requests: only errors
 * that name a transport or credential problem count (not a conflict, not a missing object).
 */
const OTHER_REQUESTS = ['status.failed', 'status.get-failed', 'api.list-failed', 'api.watch-ended', 'error.unhandled', 'node.cert-request-failed', 'api.event-write-failed', 'server.authz-failed'];
/** A client certificate that expired while the API server does not answer (transport.go): its cause is fixed. */
const CERT_STUCK = 'node.client-cert-stuck';
/**
 * No client certificate for over the shutdown threshold (5 min) while the API server does not answer (transport.go):
 * a node still bootstrapping, or its certificate lost. It says the kubelet cannot get one, not why the API server
 * does not answer: it joins the node's failures that say that, and stands alone only when there are none.
 */
const NO_CERT = 'node.no-client-cert';
const WHAT: Readonly<Record<string, [string, string]>> = {
  'node.status-error': ['node status update', 'node status updates'],
  'node.lease-failed': ['lease renewal', 'lease renewals'],
  'node.register-failed': ['registration attempt', 'registration attempts'],
  'status.failed': ['pod status write', 'pod status writes'],
  'status.get-failed': ['pod status read', 'pod status reads'],
  'api.list-failed': ['list or watch', 'lists and watches'],
  'api.watch-ended': ['watch cut off', 'watches cut off'],
  'error.unhandled': ['list or watch', 'lists and watches'],
  'node.cert-request-failed': ['certificate request', 'certificate requests'],
  'api.event-write-failed': ['event write', 'event writes'],
  'node.client-cert-stuck': ['expired-certificate notice', 'expired-certificate notices'],
  'node.no-client-cert': ['no-certificate notice', 'no-certificate notices'],
  'server.authz-failed': ['authorization check', 'authorization checks'],
};
/**
 * Failures within a second of each other are one attempt (a node status update is tried five times at once). Fewer
 * than MIN_ATTEMPTS attempts over less than MIN_SPAN_US is a blip — unless one node status update failed try after
 * try (WHOLE_UPDATE_TRIES of the kubelet's five in a row; an excerpt may cut the rest), or the "exceeds retry count"
 * summary says all five failed, or requests of two kinds failed the same way (a list and an event write): then the
 * API server was unreachable, not one request unlucky, however short the excerpt.
 */
const SAME_ATTEMPT_US = 1e6;
const MIN_ATTEMPTS = 3;
const MIN_SPAN_US = 10e6;
/** How close after a failure a write whose error names no cause is taken for the same failure. */
const CAUSELESS_JOINS_US = 30e6;
const WHOLE_UPDATE_TRIES = 3;
/** The node controller's default grace period (node-monitor-grace-period): longer, and the node is marked NotReady. */
const GRACE_US = 40e6;
/** After the last failure, this long of log without another: the kubelet got through again. */
const QUIET_AFTER_US = 30e6;
/** How soon after the last refusal a client certificate's rotation is taken for its answer. */
const ROTATED_AFTER_US = 5 * 60e6;
/** "exceeds retry count" sums up the retries before it: it joins a stretch that failed this shortly before. */
const SUMMARY_AFTER_US = 10e6;
const MAX_EVIDENCE = 30;

interface Cause extends BaseCause {
  /** The cause does not go away by itself (a certificate, credentials, authorisation): two failures are enough. */
  lasting?: boolean;
  /** The API server answered, with a refusal: the kubelet reaches it, its requests are turned down. */
  answered?: boolean;
  /** One line is enough: each request fails the same way (not a blip that a retry gets past). */
  oneLine?: boolean;
  /** The finding's title leads with this instead of "API server refuses the kubelet" / "Kubelet cannot reach the API server". */
  headline?: string;
  /** Said instead of the NotReady sentence when only reads failed, not the node's status, lease or registration. */
  readsOnly?: string;
  /** A sentence more from the error itself ('' for none). */
  detail?: (error: string) => string;
}

/** Words that are no host's name but a value a template or a variable left: `https://false:8443`. */
const NOT_A_NAME = new Set(['false', 'true', 'null', 'nil', '<nil>', 'none', 'undefined']);

/** The name a failed lookup asked for (`lookup api.example.com on 10.0.0.2:53: no such host`), said with what it is. */
function lookedUpName(error: string): string {
  const at = error.indexOf('lookup ');
  if (at < 0) return '';
  const end = error.indexOf(' ', at + 7);
  const name = error.slice(at + 7, end < 0 ? Math.min(error.length, at + 200) : end).replace(/:$/, '');
  if (!name) return '';
  return NOT_A_NAME.has(name.toLowerCase())
    ? `The name looked up is "${name}": no host's name, but a value that took its place — the server address in the kubelet's kubeconfig (or the template or variable that filled it in) holds "${name}".`
    : `The name looked up is "${clip(name, 120)}".`;
}

/** Why the kubelet's requests to the API server fail, from their error's words (node-not-registered reads them too). */
export const API_SERVER_CAUSES: readonly Cause[] = [
  // Answered, and no blip: each relist blocks for the API server's wait, then fails the same way.
  {
    id: 'too-large-rv', lasting: true, answered: true, oneLine: true, headline: 'API server cannot serve the kubelet\'s lists',
    readsOnly: 'Only its lists failed here, not its node status or lease: the node stays Ready, but what it knows of the cluster goes stale.',
    words: ['too large resource version'], title: 'they ask for a resource version it does not have yet (Too large resource version)',
    why: 'The kubelet\'s informers list from the resource version they saw last, and the API server\'s watch cache is behind it (an API server restarted, or the kubelet reconnected to another one after a network partition): the API server waits for its cache to catch up, then answers "Too large resource version". Clients with the bug behind kubernetes/kubernetes#91073 retry with the same version for ever, so the kubelet\'s copies of Secrets, ConfigMaps, Services and pods stop updating, and each list blocks for the wait.',
    next: 'Restart the kubelet: it lists again from scratch. If it recurs after partitions, upgrade to a kubelet whose client-go has the fix for kubernetes/kubernetes#91073.',
  },
  {
    // EINVAL from connect(): a source address the node no longer has — a virtual IP that was here and moved.
    id: 'address-gone', lasting: true, oneLine: true, words: ['connect: invalid argument'], title: 'new connections to it fail (connect: invalid argument)',
    why: 'The kernel refuses even to open a connection to the API server\'s address ("connect: invalid argument"): the route to it goes through an address this node no longer has — most often the API server\'s virtual IP (keepalived\'s, a load balancer\'s) that lived on this node and moved away, leaving connections made from it dead. A kubelet restart does not help; the address\'s failover does.',
    next: 'Check where the API server\'s virtual IP is now (`ip addr` on the control-plane nodes; keepalived\'s log and its health checks) and this node\'s routes to it (`ip route get <address>`); a stale local route or address left by the VIP\'s move is the usual culprit.',
  },
  {
    // Go's URL and dial errors for an address that cannot be one: no request leaves the node.
    id: 'bad-address', lasting: true, oneLine: true, words: [': invalid port', 'missing port in address', 'too many colons in address'], title: 'its address for the API server is malformed',
    why: 'The address the kubelet has for the API server cannot be dialled at all (an invalid port, a missing one): it comes from its kubeconfig\'s server URL (/etc/kubernetes/kubelet.conf on kubeadm nodes), so no request leaves the node, and every one fails the same way until it is fixed.',
    next: 'Fix the server: URL in the kubelet\'s kubeconfig (`grep server: /etc/kubernetes/kubelet.conf`; kubeadm uses https://<control plane>:6443) and restart the kubelet.',
  },
  {
    id: 'certificate-expired', lasting: true, words: ['certificate has expired', 'not yet valid'], title: 'a certificate has expired',
    why: 'A certificate is outside its validity, so the TLS handshake with the API server fails: most often the kubelet\'s client certificate expired (its rotation failed or was off), or the node\'s clock is wrong.',
    next: 'Check the dates of the kubelet\'s client certificate (`openssl x509 -noout -dates -in /var/lib/kubelet/pki/kubelet-client-current.pem`) and of the API server\'s, and the node\'s clock (`timedatectl`); renew (kubeadm: `kubeadm certs renew`, or join again) and restart the kubelet; look for certificate_manager lines that say why rotation failed.',
  },
  {
    id: 'tls-trust', lasting: true, words: ['x509', 'tls: '], title: 'the API server\'s certificate is not trusted',
    why: 'The TLS handshake failed: the kubelet does not trust the certificate the API server presented (a CA other than the one in its kubeconfig, or an address the certificate does not name).',
    // Go's verifier found a CA of the trusted one's name whose key did not sign the server's certificate: a CA replaced.
    detail: (error) => {
      const ca = /crypto\/rsa: verification error\\?" while trying to verify candidate authority certificate \\?"([^"\\]{1,80})/.exec(error)?.[1];
      return ca ? `The kubelet trusts a CA named "${ca}", and the API server's certificate names a CA of that name, but another key signed it ("crypto/rsa: verification error"): the cluster's CA was replaced — rotated or made again — and the kubelet's kubeconfig still holds the old one.` : '';
    },
    next: 'Compare certificate-authority-data in /etc/kubernetes/kubelet.conf with the cluster\'s CA, and the server address there with the names and IPs in the API server\'s certificate (`openssl s_client -connect <server> </dev/null | openssl x509 -noout -text`).',
  },
  {
    id: 'unauthorized', lasting: true, answered: true, words: ['unauthorized', ' 401'], title: 'its credentials are rejected (Unauthorized)',
    why: 'The API server answered but did not accept the kubelet\'s credentials: an expired or revoked client certificate, a bootstrap token that expired before the node joined, or — where the kubelet authenticates with a cloud identity (EKS\'s IAM token) — an identity the cluster does not map to a user.',
    next: 'Check the client certificate the kubeconfig points to (its dates and issuer) and the certificate_manager lines about rotation; on a node that is joining, create a new bootstrap token and join again. On EKS the node\'s IAM role must be mapped to a node identity (the aws-auth ConfigMap\'s mapRoles, or an access entry), with the role\'s ARN exactly as the cluster expects it.',
  },
  {
    // Before "forbidden": the same refusal, but of a request that carried no credentials the API server accepts.
    id: 'anonymous', lasting: true, answered: true, words: ['system:anonymous'], title: 'the API server sees no credentials (system:anonymous)',
    why: 'The API server refused the request as system:anonymous: it accepted none of the credentials the kubelet presented — none at all (its kubeconfig has no client certificate or token yet: TLS bootstrap not done), or a client certificate signed by a CA the API server does not trust (files from another cluster, a rotated CA) — so the request counts as anonymous, which may not do this.',
    readsOnly: 'Only its reads fail here, no node status or lease: a kubelet the API server takes for anonymous has no certificate yet, so it has most likely never registered — then there is no Node object to turn NotReady, and the node does not appear in the cluster at all.',
    next: 'Check the kubeconfig the kubelet uses (/etc/kubernetes/kubelet.conf, or its bootstrap kubeconfig): that it names a client certificate (client-certificate, /var/lib/kubelet/pki/kubelet-client-current.pem) or a token, and that the certificate\'s issuer is the cluster\'s CA (`openssl x509 -noout -issuer -dates -in …` against the API server\'s --client-ca-file); a node still bootstrapping needs its CSR approved (`kubectl get csr`).',
  },
  {
    id: 'forbidden', lasting: true, answered: true, words: ['forbidden'], title: 'its requests are forbidden',
    why: 'The API server authenticated the kubelet but refused the request: its identity is not the node\'s (system:node:<name>, checked by the Node authorizer and NodeRestriction), or it is anonymous.',
    next: 'Check the user in the kubelet\'s kubeconfig and that it matches the node\'s name (--hostname-override), and the API server\'s --authorization-mode (Node,RBAC).',
  },
  {
    // Go's HTTP client through the proxy in the kubelet's environment: `socks connect tcp …`, `proxyconnect tcp: …`.
    id: 'proxy', lasting: true, oneLine: true, words: ['socks connect', 'proxyconnect'], title: 'its requests go through a proxy',
    why: 'The kubelet\'s requests to the API server went through a proxy (HTTP_PROXY, HTTPS_PROXY or ALL_PROXY in its environment: a systemd drop-in, /etc/environment, a shell profile), and the proxy could not reach the API server — its address is a node or internal one the proxy does not serve. A proxy set for the node\'s downloads is applied to the kubelet\'s cluster traffic unless NO_PROXY names it.',
    next: 'Add the API server\'s address, the node and pod networks and the service network to NO_PROXY (and no_proxy) in the kubelet\'s environment (`systemctl show kubelet -p Environment`), or remove the proxy from it; restart the kubelet.',
  },
  {
    id: 'refused', words: ['connection refused'], title: 'the API server refuses connections',
    why: 'Nothing accepted the connection at the API server\'s address: the API server is down or restarting, or the load balancer in front of it has no healthy backend.',
    next: 'On the control plane, check that kube-apiserver runs (`crictl ps -a | grep kube-apiserver` and its log) and that etcd is healthy; check the load balancer\'s backends and the server address in the kubelet\'s kubeconfig.',
  },
  {
    // The resolver's answer that the name does not exist: a wrong name, not a retry's bad luck.
    id: 'dns', lasting: true, words: ['no such host'], title: 'the API server\'s name does not resolve',
    why: 'The name of the API server in the kubelet\'s kubeconfig could not be resolved on the node.',
    detail: lookedUpName,
    next: 'Resolve the server name from the node (`getent hosts <name>`), check /etc/resolv.conf and /etc/hosts, or use an address that resolves.',
  },
  {
    id: 'dns-server', words: ['server misbehaving'], title: 'the API server\'s name does not resolve',
    why: 'The node\'s DNS server failed to answer for the name of the API server in the kubelet\'s kubeconfig.',
    next: 'Resolve the server name from the node (`getent hosts <name>`), check /etc/resolv.conf and the DNS server it names, or use an address that resolves.',
  },
  {
    id: 'network', words: ['i/o timeout', 'no route to host', 'network is unreachable', 'tls handshake timeout'], title: 'the API server does not answer',
    why: 'Connections to the API server\'s address got no answer: a network path problem (firewall, security group, routing, the load balancer) or a control-plane host that is down.',
    next: 'From the node, try the API server (`curl -k https://<server>:6443/healthz`); check routes, firewalls and security groups between the node and the control plane, and the load balancer.',
  },
  {
    // The API server's etcd client: the v2 client's "client: etcd member … has no leader", v3's "etcdserver: no
    // leader" / "leader changed" / "etcd cluster is unavailable or misconfigured".
    id: 'etcd', words: ['has no leader', 'etcdserver: no leader', 'etcdserver: leader changed'],
    title: 'its etcd has no leader', answered: true, headline: 'API server cannot store the kubelet\'s writes',
    why: 'The API server was reached and answered with its storage\'s error: etcd had no leader (its members lost quorum or were electing one), so nothing could be written — not the kubelet\'s node status, nor anyone else\'s writes.',
    next: 'Check etcd\'s members and leader (`etcdctl endpoint status --cluster -w table`, their logs for elections and "lost leader"): quorum lost to members down or partitioned, or elections from slow disks or a network between members; the writes succeed again once a leader is elected.',
  },
  {
    // The etcd v2 client's word for no member answering at all (not an election).
    id: 'etcd-unreachable', words: ['etcd cluster is unavailable'],
    title: 'it cannot reach etcd', answered: true, headline: 'API server cannot store the kubelet\'s writes',
    why: 'The API server was reached and answered with its storage\'s error: "etcd cluster is unavailable or misconfigured" — none of the etcd members it is configured with answered (etcd down, or the network between the API server and etcd broken), so nothing could be written.',
    next: 'From the API server\'s host, check each etcd endpoint it is configured with (`etcdctl endpoint health` with its certificates) and the network between them; etcd\'s own log says whether it runs.',
  },
  {
    // HTTP 429: the API server's limit of requests in flight (max-inflight, or API Priority and Fairness) reached.
    id: 'throttled', words: ['has received too many requests'],
    title: 'it turns requests away (429)', answered: true, headline: 'API server overloaded',
    why: 'The API server answered "the server has received too many requests and has asked us to try again later" (HTTP 429): it is at its limit of requests in flight (--max-requests-inflight, or API Priority and Fairness) and turns requests away; the kubelet retries them.',
    next: 'Check the API server\'s load (apiserver_current_inflight_requests, apiserver_flowcontrol_rejected_requests_total) and who sends the most requests (its audit log, by user agent); raise its limits or add control-plane capacity.',
  },
  {
    id: 'slow', words: ['context deadline exceeded', 'client.timeout exceeded', 'timeout awaiting', 'the server was unable to return a response', 'etcdserver:', 'request timed out'],
    title: 'requests to the API server time out',
    why: 'Requests reached the API server but did not complete in time: the API server, or etcd behind it ("etcdserver: request timed out"), is overloaded or slow, or the network is.',
    next: 'Check the API server\'s latency and load (apiserver_request_duration_seconds, its log for slow requests) and etcd\'s health and disk latency.',
  },
  {
    // The client wrote on a connection it had already closed: its HTTP/2 pool handed out a dead connection
    // (golang/go#39750, kubernetes/kubernetes#87615). Not the same as a connection the other side reset.
    id: 'closed-connection', lasting: true, words: ['use of closed network connection'], title: 'the kubelet keeps using a dead connection',
    why: '"use of closed network connection" is the kubelet writing on a connection it had already closed itself: its HTTP/2 client keeps one connection to the API server for every request and, once that connection is dead, hands it out again. Every request through it fails the same way until the connection is dropped — on kubelets without the HTTP/2 health check, only when the kubelet restarts. The API server itself may be fine.',
    next: 'Restart the kubelet to get a fresh connection (systemctl restart kubelet); if it recurs, upgrade to a kubelet whose client pings idle HTTP/2 connections and drops dead ones. Look for what broke the connection first (an API server restart, a network change, a load balancer).',
  },
  {
    id: 'dropped', words: ['client connection lost', 'connection reset by peer', 'broken pipe', 'eof'], title: 'connections to the API server drop',
    why: 'Connections to the API server broke off mid-request: the API server restarted, or a load balancer or proxy reset them (an idle timeout shorter than the kubelet\'s connections).',
    next: 'Check for API server restarts at these times and the load balancer\'s idle timeout and health checks; a kubelet that keeps a dead connection recovers once it notices (newer kubelets close idle connections after a failed health check).',
  },
];

/** An unrecognised error of the node's own writes. */
const OTHER: Cause = {
  id: 'other', words: [], title: 'it cannot write to the API server',
  why: 'The error does not say which way the request failed.',
  next: 'Read the errors quoted here; check the API server\'s health and the kubelet\'s kubeconfig (server address, credentials).',
};

const NODE_WRITE_KIND = new Set(NODE_WRITES.map(kindId));
const PLURAL: Readonly<Record<string, string>> = Object.fromEntries(Object.values(WHAT));
const CERTIFICATE_EXPIRED = API_SERVER_CAUSES.find((c) => c.id === 'certificate-expired')!;
const NO_CLIENT_CERT: Cause = {
  id: 'no-client-cert', lasting: true, words: [], title: 'it has no client certificate and cannot get one',
  why: 'The kubelet has had no usable client certificate for longer than its shutdown threshold (5 min): a node still bootstrapping whose certificate signing request was never filed or signed, or a certificate deleted or unreadable. It needs the API server to get one, and the API server does not answer.',
  next: 'Make the API server reachable from the node (`curl -k https://<server>:6443/healthz`; is kube-apiserver running?); then check the node\'s certificate signing requests (`kubectl get csr`, approve pending ones) and its bootstrap kubeconfig and token.',
};

interface Stretch {
  node: number;
  cause: Cause;
  events: number[];
  byKind: Map<string, number[]>;
  error: string;
  /** An "exceeds retry count" summary joined it: a node status update failed all its tries. */
  summarized: boolean;
  /** Notices that the kubelet has had no client certificate for over 5 min (NO_CERT) joined it. */
  noCert: boolean;
  /** Requests that timed out near the API server's 429s, joined to them (foldTimeoutsIntoThrottling). */
  timedOut?: number;
}

/**
 * The certificate signing request itself forbidden: the credentials the kubelet asks with (a bootstrap token's, or
 * its current certificate's) may not create CSRs. One such line is enough: it fails the same way every time.
 */
const CSR_FORBIDDEN: Cause = {
  id: 'csr-forbidden', lasting: true, answered: true, oneLine: true, words: [], title: 'it may not ask for a certificate (CSR forbidden)',
  why: 'The API server refused the kubelet\'s certificate signing request: the identity it asks with may not create CSRs. A joining node asks with its bootstrap token, whose group (system:bootstrappers) needs the system:node-bootstrapper ClusterRole; a node renewing its certificate asks as system:node:<name>. Without a certificate it cannot register or do anything else.',
  next: 'Check the binding of system:node-bootstrapper to the bootstrap group (`kubectl get clusterrolebinding -o wide | grep bootstrap`; kubeadm creates kubeadm:kubelet-bootstrap), the token\'s group (auth-extra-groups in its Secret), and that the token has not expired.',
};

/** An error that names the request or the connection (`Put "https://…"`, `dial tcp …`): more telling than a summary. */
const NAMES_REQUEST = /https?:\/\/|dial tcp|\b(?:Get|Put|Post|Patch|Delete) "/;

export const apiServerUnreachable: Detector = {
  id: 'api-server-unreachable',
  detect(ctx) {
    const ev = ctx.trace.events;
    const groups = new Map<string, Stretch>();
    const lastFailureOn = new Map<number, Stretch>();
    const noCertOn = new Map<number, number[]>();
    for (const e of ctx.ofKinds([...NODE_WRITES, ...OTHER_REQUESTS, CERT_STUCK, NO_CERT])) {
      const text = ctx.text(e);
      const node = ev.node[e];
      const kind = KINDS[ev.kind[e]];
      if (kind === NO_CERT) {
        const list = noCertOn.get(node);
        if (list) list.push(e);
        else noCertOn.set(node, [e]);
        continue;
      }
      if (text.includes('exceeds retry count')) {
        // The summary after five retries: part of the stretch just before, no cause of its own.
        const g = lastFailureOn.get(node);
        if (g && ev.timeUs[e] - ev.timeUs[g.events[g.events.length - 1]] <= SUMMARY_AFTER_US) {
          add(g, e, kind);
          g.summarized = true;
        }
        continue;
      }
      if (kind === 'error.unhandled' && !/fail(ed)? to (list|watch)/i.test(text)) continue;
      // "nodes \"x\" not found" is the API server's answer: it was reached, the node is not registered (node-not-registered).
      if (NODE_NOT_FOUND.test(text)) continue;
      // A write conflict is the API server's answer too: another writer changed the object (node-status-conflict).
      if (isWriteConflict(text)) continue;
      const cause = kind === CERT_STUCK ? CERTIFICATE_EXPIRED
        : kind === 'node.cert-request-failed' && /forbidden/i.test(text) ? CSR_FORBIDDEN
        : causeByWords(API_SERVER_CAUSES, text) ?? (NODE_WRITE_KIND.has(ev.kind[e]) ? OTHER : undefined);
      if (!cause) continue;
      // A write whose error names no cause (often one cut before it by a paste or a screen) right after a failure
      // that does is the same outage.
      const prev = lastFailureOn.get(node);
      const joins = cause === OTHER && prev !== undefined && prev.cause !== OTHER &&
        ev.timeUs[e] - ev.timeUs[prev.events[prev.events.length - 1]] <= CAUSELESS_JOINS_US;
      const key = `${node}\n${joins ? prev.cause.id : cause.id}`;
      let g = groups.get(key);
      if (!g) {
        g = { node, cause, events: [], byKind: new Map(), error: '', summarized: false, noCert: false };
        groups.set(key, g);
      }
      // The first error that says something (a notice without an error field is quoted by its message), or a later one
      // that names the request where the first did not.
      if (!g.error || (!NAMES_REQUEST.test(g.error) && NAMES_REQUEST.test(text))) g.error = text || printedMessage(ctx.trace, e);
      add(g, e, kind);
      lastFailureOn.set(node, g);
    }
    for (const [node, notices] of noCertOn) {
      // The node's largest stretch of failures says why the API server does not answer; else the notices stand alone.
      let into: Stretch | undefined;
      for (const g of groups.values()) if (g.node === node && (!into || g.events.length > into.events.length)) into = g;
      if (!into) {
        into = { node, cause: NO_CLIENT_CERT, events: [], byKind: new Map(), error: '', summarized: false, noCert: false };
        into.error = printedMessage(ctx.trace, notices[0]);
        groups.set(`${node}\n${NO_CLIENT_CERT.id}`, into);
      }
      into.noCert = true;
      for (const e of notices) add(into, e, NO_CERT);
      into.events.sort((a, b) => a - b);
    }
    foldDeadConnectionsIntoGoneAddress(ev.timeUs, groups);
    foldClosedReadsIntoTimeouts(ctx, groups);
    foldTimeoutsIntoThrottling(ev.timeUs, groups);
    const out: Finding[] = [];
    for (const g of groups.values()) {
      const spanUs = ev.timeUs[g.events[g.events.length - 1]] - ev.timeUs[g.events[0]];
      const n = attempts(ev.timeUs, g.events);
      // A credential or certificate refused is no blip: it fails the same way until someone fixes it. Nor is a
      // kubelet without a certificate for 5 min.
      const lasting = g.noCert || g.cause.oneLine || (g.cause.lasting ? g.events.length >= 2 : n >= MIN_ATTEMPTS || (n >= 2 && spanUs >= MIN_SPAN_US));
      // One failed registration matters too: until it succeeds the node does not exist for the control plane.
      const oneMoment = !lasting && (g.summarized || g.byKind.size >= 2 || g.byKind.has(WHAT['node.register-failed'][0]) || wholeUpdateFailed(ev.timeUs, g));
      if (lasting || oneMoment) out.push(describe(ctx, g, spanUs, oneMoment));
    }
    return out;
  },
};

/** How near a gone address's failures the node's dead connections are taken for the same move. */
const ADDRESS_MOVE_NEAR_US = 60e6;

/**
 * Connections found dead ("use of closed network connection") while new ones to the same server fail because the
 * node no longer has the address they came from are that move's casualties, not a second problem (whose cure, a
 * restart, would not help here): they join the gone address's stretch.
 */
function foldDeadConnectionsIntoGoneAddress(timeUs: Float64Array, groups: Map<string, Stretch>): void {
  foldNear(timeUs, groups, 'closed-connection', 'address-gone', ADDRESS_MOVE_NEAR_US);
}

/**
 * Each stretch of cause `from` joins a stretch of cause `into` on the same node that overlaps it, give or take
 * `nearUs` (the other's cause is the one told); returns how many failures joined each such stretch.
 */
function foldNear(timeUs: Float64Array, groups: Map<string, Stretch>, from: string, into: string, nearUs: number): Map<Stretch, number> {
  const joined = new Map<Stretch, number>();
  for (const [key, g] of groups) {
    if (g.cause.id !== from) continue;
    const target = [...groups.values()].find((t) => t.node === g.node && t.cause.id === into &&
      timeUs[t.events[0]] - nearUs <= timeUs[g.events[g.events.length - 1]] &&
      timeUs[g.events[0]] <= timeUs[t.events[t.events.length - 1]] + nearUs);
    if (!target) continue;
    joined.set(target, (joined.get(target) ?? 0) + g.events.length);
    joinStretch(target, g);
    groups.delete(key);
  }
  return joined;
}

/** `from`'s failures join `into` (by kind and in time order). */
function joinStretch(into: Stretch, from: Stretch): void {
  for (const [what, list] of from.byKind) {
    const same = into.byKind.get(what);
    if (same) same.push(...list);
    else into.byKind.set(what, [...list]);
  }
  into.events.push(...from.events);
  into.events.sort((a, b) => a - b);
}

/** How soon after a request timed out a read on a connection the client closed is that timeout's. */
const CLOSED_AFTER_TIMEOUT_US = 30e6;

/**
 * Reads on connections the kubelet's client had just closed (`read tcp …: use of closed network connection`) right
 * after requests timed out against the same server are those timeouts' aftermath — the API server not answering —
 * not a pooled connection reused dead (which fails on writes, for hours): they join the timeouts' stretch.
 */
function foldClosedReadsIntoTimeouts(ctx: FindingContext, groups: Map<string, Stretch>): void {
  const timeUs = ctx.trace.events.timeUs;
  for (const [key, dead] of groups) {
    if (dead.cause.id !== 'closed-connection') continue;
    if (!dead.events.every((e) => /read tcp [^\n]{0,120}use of closed network connection/.test(ctx.text(e) || eventRawText(ctx.trace, e, 2000)))) continue;
    const slow = [...groups.values()].find((g) => g.node === dead.node && g.cause.id === 'slow' &&
      timeUs[g.events[0]] <= timeUs[dead.events[0]] && timeUs[dead.events[0]] - timeUs[g.events[g.events.length - 1]] <= CLOSED_AFTER_TIMEOUT_US);
    if (!slow) continue;
    joinStretch(slow, dead);
    groups.delete(key);
  }
}

/** How near the API server's 429s requests that time out are taken for the same overload. */
const OVERLOAD_NEAR_US = 60e6;

/**
 * An API server that turns some requests away with 429 ("has received too many requests") and answers others too
 * late is one overload seen two ways: the timeouts join the 429s' stretch, which names the cause the timeouts alone
 * cannot (a slow network would time out too, but does not answer 429).
 */
function foldTimeoutsIntoThrottling(timeUs: Float64Array, groups: Map<string, Stretch>): void {
  for (const [throttled, n] of foldNear(timeUs, groups, 'slow', 'throttled', OVERLOAD_NEAR_US)) throttled.timedOut = n;
}

/** Attempts among failures in time order: a failure more than SAME_ATTEMPT_US after the one before starts one. */
function attempts(timeUs: Float64Array, events: readonly number[]): number {
  return burstCount(timeUs, events, SAME_ATTEMPT_US);
}

/** Writes the kubelet tries five times at once (the node status update, the lease controller's update). */
const TRIED_AT_ONCE = new Set([WHAT['node.status-error'][0], WHAT['node.lease-failed'][0]]);

/** One node status update's or lease update's tries, WHOLE_UPDATE_TRIES of them or more, all in one attempt. */
function wholeUpdateFailed(timeUs: Float64Array, g: Stretch): boolean {
  for (const label of TRIED_AT_ONCE) {
    const tries = g.byKind.get(label);
    if (!tries || tries.length < WHOLE_UPDATE_TRIES) continue;
    let run = 1;
    for (let k = 1; k < tries.length; k++) {
      run = timeUs[tries[k]] - timeUs[tries[k - 1]] <= SAME_ATTEMPT_US ? run + 1 : 1;
      if (run >= WHOLE_UPDATE_TRIES) return true;
    }
  }
  return false;
}

function add(g: Stretch, e: number, kind: string): void {
  g.events.push(e);
  // Keyed by what the request was (an informer's failure reads the same whichever way it was logged).
  const key = WHAT[kind][0];
  const list = g.byKind.get(key);
  if (list) list.push(e);
  else g.byKind.set(key, [e]);
}

/** `oneMoment`: the failures are one attempt's (see WHOLE_UPDATE_TRIES): an info, as long as nothing shows them go on. */
function describe(ctx: FindingContext, g: Stretch, spanUs: number, oneMoment: boolean): Finding {
  const trace = ctx.trace;
  const ev = trace.events;
  const b = new FindingBuilder(trace);
  const list = g.events;
  const shown = list.length <= MAX_EVIDENCE ? list : [...list.slice(0, MAX_EVIDENCE - 10), ...list.slice(-10)];
  for (const e of shown) b.evidence(e, false);
  b.nodeLanes(g.node, ['node-status', 'status-manager']);
  const first = list[0];
  const last = list[list.length - 1];
  // Per kind of request, how many failed: a node status or lease update's five tries at once are one; other lines
  // are a request each (four informers failing in the same millisecond are four).
  const what = [...g.byKind].map(([label, l]) => count(TRIED_AT_ONCE.has(label) ? attempts(ev.timeUs, l) : l.length, label, PLURAL[label]));
  const unregisteredAs = unregistered(ctx, g.node, last);
  const parts = [
    (list.length === 1
      ? `At ${timeOfEvent(trace, first)} (${lineRef(trace, first)}) a request of the kubelet's to the API server failed (${listOf(what, 5)}): "${clip(g.error, 240)}".`
      : `From ${timeOfEvent(trace, first)} (${lineRef(trace, first)}) to ${timeOfEvent(trace, last)} (${lineRef(trace, last)}), ${duration(spanUs)}, `
        + `the kubelet's requests to the API server failed (${count(list.length, 'error line')}): ${listOf(what, 5)}, "${clip(g.error, 240)}".`),
    g.cause.why,
    ...(g.cause.detail?.(g.error) ? [g.cause.detail(g.error)] : []),
    ...(g.timedOut ? [`${count(g.timedOut, 'more request')} timed out instead: an API server at its limit answers some requests with 429 and others too late.`] : []),
    ...addressesSentence(ctx, list),
    ...(g.noCert && g.cause !== NO_CLIENT_CERT ? [noCertSentence(trace, g)] : []),
    g.cause.readsOnly && !NODE_WRITES.some((k) => g.byKind.has(WHAT[k][0]))
      ? g.cause.readsOnly
      : unregisteredAs === 'failed'
      ? 'Its registration failed too, and the log shows none succeed: unless an earlier start registered it, the node has no Node object in the API, so it does not appear in the cluster at all (there is no NotReady node to see), and no pod is scheduled to it.'
      : unregisteredAs === 'missing'
      ? 'The kubelet also says its own Node does not exist ("node … not found"), and the log shows no registration succeed: the node has no Node object in the API, so it does not appear in the cluster at all (there is no NotReady node to see), and no pod is scheduled to it.'
      : spanUs >= GRACE_US
      ? 'For longer than the node controller\'s grace period (40 s by default) the control plane heard neither its node status nor its lease: it marks the node NotReady (Unknown) and, some minutes later, evicts its pods — which the kubelet keeps running meanwhile.'
      : 'Past the node controller\'s grace period (40 s by default) without a node status or lease, the control plane would mark the node NotReady (Unknown).',
  ];
  // The API server may be one of this node's own static pods, failing to start (a single-node or control-plane node).
  const own = g.cause.id === 'refused' ? failingControlPlanePods(ctx, g.node) : [];
  if (own.length) {
    for (const p of own) b.pod(p.index);
    parts.push(`This node runs the control plane's own static pods, and they are failing here (${listOf(own.map((p) => `${p.namespace}/${p.name}`), 3)}, ${count(own.reduce((k, p) => k + p.errorCount, 0), 'error line')}): the API server it cannot reach is most likely on this node, down until they run. Their failure is the cause to fix; these refusals follow from it.`);
  }
  // The lease controller says when it retries ("will retry in 7s"); the status loop and informers retry every 10 s.
  const retryIn = list.slice(0, 20).map((e) => /will retry in ([0-9][0-9.a-zµ]{0,12})\b/.exec(eventRawText(trace, e, 600))?.[1]).find((r) => r !== undefined);
  const end = Math.max(last, lastEventOn(trace, g.node));
  // (The kubelet's process ending after the last failure is why no more came, not a sign it got through.)
  const exit = processEndAfter(ctx, g.node, last);
  const afterUs = ev.timeUs[exit >= 0 ? exit : end] - ev.timeUs[last];
  // A credential refused, and the kubelet switching to a new client certificate just after: the refused one was old.
  const rotated = g.cause.id === 'unauthorized' || g.cause.id === 'certificate-expired'
    ? ctx.ofKind('node.cert-rotated').find((e) => ev.node[e] === g.node && e > last && ev.timeUs[e] - ev.timeUs[last] <= ROTATED_AFTER_US) ?? -1 : -1;
  if (rotated >= 0) {
    b.evidence(rotated);
    parts.push(`${duration(ev.timeUs[rotated] - ev.timeUs[last])} after the last refusal the kubelet switched to a new client certificate (${lineRef(trace, rotated)}: "certificate rotation detected"): the credentials refused were its old certificate's, expired or no longer accepted, and ${ev.timeUs[end] - ev.timeUs[rotated] >= QUIET_AFTER_US ? 'no refusal came after the switch.' : 'the log ends before it shows whether the new one is accepted.'}`);
  } else parts.push(exit >= 0 && afterUs >= QUIET_AFTER_US
    ? `No more failures of this kind came in the ${duration(afterUs)} before the kubelet's process ended (${lineRef(trace, exit)}): nothing in the log says it got through again.`
    : afterUs >= QUIET_AFTER_US
    ? `The log goes on ${duration(afterUs)} after the last failure without another of this kind: the kubelet got through again.`
    : oneMoment
      ? `The log shows only this one moment: the kubelet tries again ${retryIn ? `in ${retryIn}, as its line says` : 'every 10 s'}, so a lasting outage shows as the same failures repeating — a longer stretch of the log tells.`
      : 'The failures go on to the end of the log.');
  return b.build({
    id: 'api-server-unreachable',
    title: `${g.cause.headline ?? (g.cause.answered ? 'API server refuses the kubelet' : 'Kubelet cannot reach the API server')}: ${g.cause.title} (${spanUs >= 1e6 ? `for ${duration(spanUs)}` : count(list.length, 'error line')})`,
    // (A cause that does not pass by itself — a certificate, credentials, a name — is worth a warning even once.)
    severity: oneMoment ? (g.cause.lasting ? 'warning' : 'info') : spanUs >= GRACE_US ? 'error' : 'warning',
    explanation: parts.join(' '),
    next: own.length ? `First make this node's control-plane static pods start (their own findings: ${own.map((p) => p.name).slice(0, 3).join(', ')}); the kubelet reaches the API server once it runs. ${g.cause.next}`
      : g.noCert && g.cause !== NO_CLIENT_CERT ? `${g.cause.next} Once it answers, check that the node's certificate signing request is filed and approved (\`kubectl get csr\`).` : g.cause.next,
  });
}

/** kubeadm's control-plane static pods: named after their component and the node. */
const CONTROL_PLANE_POD = /^(?:kube-apiserver|etcd|kube-controller-manager|kube-scheduler)-/;

/** The node's control-plane static pods (kube-system) with error lines of their own, the API server's and etcd's first. */
function failingControlPlanePods(ctx: FindingContext, node: number): PodInfo[] {
  // A static pod whose only errors are its mirror pod not being created is not failing: that follows from the API
  // server being down (its mirror is created in the API server).
  const ev = ctx.trace.events;
  const mirrorErrors = new Map<number, number>();
  for (const e of ctx.ofKind('sync.mirror-create-failed')) if (ev.pod[e] >= 0 && ev.severity[e] >= 2) mirrorErrors.set(ev.pod[e], (mirrorErrors.get(ev.pod[e]) ?? 0) + 1);
  return ctx.trace.pods
    .filter((p) => p.node === node && p.errorCount > (mirrorErrors.get(p.index) ?? 0) && p.namespace === 'kube-system' && CONTROL_PLANE_POD.test(p.name))
    .sort((a, b) => Number(b.name.startsWith('kube-apiserver') || b.name.startsWith('etcd')) - Number(a.name.startsWith('kube-apiserver') || a.name.startsWith('etcd')));
}

/** A dial's target in an error (`dial tcp 10.0.54.68:6443: …`): the address a name resolved to. */
const DIAL_TARGET = /dial tcp ([0-9A-Fa-f.:[\]]{3,60}):/;

/** When the errors name two addresses or more that failed the same way: every server behind the name, not one. */
function addressesSentence(ctx: FindingContext, list: readonly number[]): string[] {
  const seen = new Set<string>();
  for (const e of list.slice(0, 200)) {
    const m = DIAL_TARGET.exec(ctx.text(e));
    if (m) seen.add(m[1]);
  }
  if (seen.size < 2) return [];
  const shown = [...seen].slice(0, 4).join(', ');
  return [`The errors name ${seen.size} addresses (${shown}${seen.size > 4 ? ', …' : ''}), all failing the same way: not one API server or one path, but every one the kubelet's requests reached.`];
}

/** The no-certificate notices inside a stretch whose other failures say why the API server does not answer. */
/** The node failed to register and the log shows it registered neither before nor after. */
/** 'failed': a registration failed and none succeeded; 'missing': the kubelet says its own Node does not exist; '': neither. */
function unregistered(ctx: FindingContext, node: number, last: number): 'failed' | 'missing' | '' {
  const ev = ctx.trace.events;
  const mine = (e: number) => ev.node[e] === node;
  if (ctx.ofKind('node.registered').some(mine)) return '';
  if (ctx.ofKind('node.register-failed').some((e) => mine(e) && e <= last)) return 'failed';
  // The kubelet's own "node … not found" (Error getting node, the node lister): its Node does not exist.
  return ctx.ofKinds(['node.get-failed', 'node.lister-failed']).some((e) => mine(e) && e <= last && NODE_NOT_FOUND.test(eventRawText(ctx.trace, e, 600))) ? 'missing' : '';
}

function noCertSentence(trace: Trace, g: Stretch): string {
  const first = g.byKind.get(WHAT[NO_CERT][0])![0];
  return `The kubelet also says it has had no valid client certificate for over 5 min (${lineRef(trace, first)}): a node still bootstrapping, or its certificate lost. It can get one only once the API server answers.`;
}

const PROCESS_END = new Set(['service.exited', 'service.failed', 'service.killed', 'service.oom', 'service.stopped'].map(kindId));
/** Per trace, the events that end a kubelet process, in time order (found in one pass, however many findings ask). */
const processEnds = new WeakMap<FindingContext['trace'], number[]>();

/** The first event on the node after `after` that ends the kubelet's process (the service manager's word, or a fatal line), or -1. */
function processEndAfter(ctx: FindingContext, node: number, after: number): number {
  const ev = ctx.trace.events;
  let ends = processEnds.get(ctx.trace);
  if (!ends) {
    ends = [];
    for (let e = 0; e < ev.count; e++) if (PROCESS_END.has(ev.kind[e]) || ev.severity[e] === Severity.Fatal) ends.push(e);
    processEnds.set(ctx.trace, ends);
  }
  let lo = 0;
  let hi = ends.length;
  while (lo < hi) { const mid = (lo + hi) >>> 1; if (ends[mid] <= after) lo = mid + 1; else hi = mid; }
  for (let k = lo; k < ends.length; k++) if (ev.node[ends[k]] === node) return ends[k];
  return -1;
}
