import { Component, type ReactNode } from "react";
import { retryFailedLoads } from "@/lib/resilient-lazy";

interface LoadBoundaryProps {
  /** What shows instead while the part cannot load; `retry` tries again at once. */
  fallback(retry: () => void): ReactNode;
  children: ReactNode;
}

/**
 * Keeps a part that failed to load (a lazy chunk while offline) from taking the page down: the
 * rest of the page stays, the fallback says why, and the part loads again once the browser is
 * back online (with resilientLazy, which does not remember the failure).
 */
export class LoadBoundary extends Component<LoadBoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error("A part of the page could not be loaded", error);
  }

  override componentDidMount() {
    window.addEventListener("online", this.retry);
  }

  override componentWillUnmount() {
    window.removeEventListener("online", this.retry);
  }

  retry = () => {
    if (!this.state.failed) return;
    retryFailedLoads();
    this.setState({ failed: false });
  };

  override render() {
    return this.state.failed ? this.props.fallback(this.retry) : this.props.children;
  }
}
