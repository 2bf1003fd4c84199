// Not built yet: the model gets an error result saying so, never a fake success.
import { notAvailableYet } from "../executor.server";
import { readSubreddit } from "./definition";

export const execute = notAvailableYet(readSubreddit);
