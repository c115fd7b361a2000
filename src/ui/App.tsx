/** Placeholder shell; the incident view replaces it. */
export function App() {
  return <main><h1>Syncloop</h1><p>Kubelet incident visualizer — nothing you load leaves this browser.</p></main>;
}
