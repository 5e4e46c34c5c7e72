// The toasts' region on an island page (ToastRegion in app/components/toasts.tsx): the toast an
// earlier page left for this one (a sign-out that came home). Toasts themselves are shown by the
// islands that have one, through the same module (decision 042).
import { showPendingToast } from "#app/components/toasts-behaviour.ts";
import type { Island } from "#app/islands/registry.ts";

const toasts: Island = () => showPendingToast();
export default toasts;
