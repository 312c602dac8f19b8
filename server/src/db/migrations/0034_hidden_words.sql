CREATE TABLE "hidden_words" (
	"user_id" text NOT NULL,
	"word" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hidden_words_user_id_word_pk" PRIMARY KEY("user_id","word")
);
--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "hidden_words" ADD CONSTRAINT "hidden_words_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;